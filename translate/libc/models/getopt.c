/* ladr's model of getopt and getopt_long, as glibc's behave by default
   (the algorithm of glibc's documented behaviour, tested against it):
   options may follow non-options (argv is permuted so that the options
   come first, as glibc does it, lazily), "--" ends the options, grouped short options ("-ab"), an
   option's argument attached ("-n5") or in the next argument ("-n 5"),
   a missing argument or an unknown option returns '?' (':' if optstring
   starts with ':'), and a leading '+' in optstring (or '-') stops at the
   first non-option, as does the environment variable POSIXLY_CORRECT
   (whether the environment sets it is nondeterministic, chosen when
   getopt starts scanning). Long options may be abbreviated to a unique
   prefix.
   Error messages are not printed. The state (optind, optarg, optopt,
   opterr and the position in a group of short options) is shared by all
   threads, as glibc's is. */
#include <getopt.h>
#include <unistd.h>

/* The parts of getopt, wanted like functions: the scan for the next
   option (with getopt's state), a short option, a long option. */
extern char *__ladr_getopt_next;
int __ladr_getopt_scan(int argc, char *const *argv, const char **optstring, int *colon, int longs);
int __ladr_getopt_short(int argc, char *const *argv, const char *optstring, int colon);
int __ladr_getopt_long1(int argc, char *const *argv, const struct option *longopts, int *longindex, int colon);

#ifdef __ladr_want___ladr_getopt_scan
char *optarg;
int optind = 1, opterr = 1, optopt = '?';
/* The position in a group of short options ("-ab"), and the block of
   non-options already skipped (argv[first, last)), as glibc keeps them. */
char *__ladr_getopt_next;
static int __ladr_getopt_first, __ladr_getopt_last;
/* Whether POSIXLY_CORRECT is set (0 unknown yet, 1 no, 2 yes). */
static int __ladr_getopt_posix;

static int __ladr_getopt_nonopt(const char *a) { return a[0] != '-' || a[1] == 0; }

/* Reverses argv[a, b). */
static void __ladr_getopt_reverse(char *const *argv, int a, int b) {
	char **v = (char **)argv;
	char *t;
	for (b--; a < b; a++, b--) {
		t = v[a];
		v[a] = v[b];
		v[b] = t;
	}
}

/* Moves the options argv[last, optind) before the non-options
   argv[first, last), keeping both in order (a rotation: three reversals,
   one loop each). */
static void __ladr_getopt_exchange(char *const *argv) {
	__ladr_getopt_reverse(argv, __ladr_getopt_first, __ladr_getopt_last);
	__ladr_getopt_reverse(argv, __ladr_getopt_last, optind);
	__ladr_getopt_reverse(argv, __ladr_getopt_first, optind);
	__ladr_getopt_first += optind - __ladr_getopt_last;
	__ladr_getopt_last = optind;
}

/* Starts the next option: skips (and permutes) non-options. Returns -1
   when there is no option left, 1 for a long option at argv[optind] (with
   longs), 0 for short options at __ladr_getopt_next; sets *optstring past
   its '+', '-' and ':' prefix and *colon for the ':' prefix. */
int __ladr_getopt_scan(int argc, char *const *argv, const char **optstring, int *colon, int longs) {
	int permute = 1;
	if (optind == 0 || __ladr_getopt_posix == 0) {
		if (optind == 0)
			optind = 1;
		__ladr_getopt_next = 0;
		__ladr_getopt_first = __ladr_getopt_last = optind;
		__ladr_getopt_posix = __VERIFIER_nondet_int() ? 2 : 1;
	}
	if (__ladr_getopt_posix == 2)
		permute = 0;
	if ((*optstring)[0] == '+' || (*optstring)[0] == '-') {
		permute = 0;
		(*optstring)++;
	}
	*colon = 0;
	if ((*optstring)[0] == ':') {
		*colon = 1;
		(*optstring)++;
	}
	optarg = 0;
	if (__ladr_getopt_next != 0 && *__ladr_getopt_next != 0)
		return 0;
	if (__ladr_getopt_last > optind)
		__ladr_getopt_last = optind;
	if (__ladr_getopt_first > optind)
		__ladr_getopt_first = optind;
	if (permute) {
		if (__ladr_getopt_first != __ladr_getopt_last && __ladr_getopt_last != optind)
			__ladr_getopt_exchange(argv);
		else if (__ladr_getopt_last != optind)
			__ladr_getopt_first = optind;
		while (optind < argc && __ladr_getopt_nonopt(argv[optind]))
			optind++;
		__ladr_getopt_last = optind;
	}
	if (optind != argc && argv[optind][0] == '-' && argv[optind][1] == '-' && argv[optind][2] == 0) {
		optind++;
		if (__ladr_getopt_first != __ladr_getopt_last && __ladr_getopt_last != optind)
			__ladr_getopt_exchange(argv);
		else if (__ladr_getopt_first == __ladr_getopt_last)
			__ladr_getopt_first = optind;
		__ladr_getopt_last = argc;
		optind = argc;
	}
	if (optind == argc) {
		if (__ladr_getopt_first != __ladr_getopt_last)
			optind = __ladr_getopt_first;
		return -1;
	}
	if (__ladr_getopt_nonopt(argv[optind]))
		return -1;
	if (longs && argv[optind][1] == '-') {
		__ladr_getopt_next = argv[optind] + 2;
		return 1;
	}
	__ladr_getopt_next = argv[optind] + 1;
	return 0;
}
#endif

#ifdef __ladr_want___ladr_getopt_short
/* The short option at __ladr_getopt_next. */
int __ladr_getopt_short(int argc, char *const *argv, const char *optstring, int colon) {
	int c, i;
	const char *o = 0;
	c = *__ladr_getopt_next++;
	for (i = 0; optstring[i]; i++) {
		if (optstring[i] == c) {
			o = optstring + i;
			break;
		}
	}
	if (*__ladr_getopt_next == 0)
		optind++;
	if (o == 0 || c == ':' || c == ';') {
		optopt = c;
		return '?';
	}
	if (o[1] == ':') {
		if (o[2] == ':') {
			if (*__ladr_getopt_next != 0) {
				optarg = __ladr_getopt_next;
				optind++;
			}
		} else if (*__ladr_getopt_next != 0) {
			optarg = __ladr_getopt_next;
			optind++;
		} else if (optind == argc) {
			optopt = c;
			c = colon ? ':' : '?';
		} else
			optarg = argv[optind++];
		__ladr_getopt_next = 0;
	}
	return c;
}
#endif

#ifdef __ladr_want___ladr_getopt_long1
int __ladr_getopt_long1(int argc, char *const *argv, const struct option *longopts, int *longindex, int colon) {
	char *name = __ladr_getopt_next;
	int n = 0, i, found = -1, exact = 0, ambiguous = 0;
	while (name[n] != 0 && name[n] != '=')
		n++;
	for (i = 0; longopts[i].name; i++) {
		int k = 0;
		while (k < n && longopts[i].name[k] == name[k])
			k++;
		if (k < n)
			continue;
		if (longopts[i].name[n] == 0) {
			found = i;
			exact = 1;
			break;
		}
		if (found < 0)
			found = i;
		else if (longopts[found].has_arg != longopts[i].has_arg || longopts[found].flag != longopts[i].flag || longopts[found].val != longopts[i].val)
			ambiguous = 1;
	}
	__ladr_getopt_next = 0;
	optind++;
	if (found < 0 || (ambiguous && !exact)) {
		optopt = 0;
		return '?';
	}
	if (name[n] == '=') {
		if (longopts[found].has_arg == no_argument) {
			optopt = longopts[found].val;
			return '?';
		}
		optarg = name + n + 1;
	} else if (longopts[found].has_arg == required_argument) {
		if (optind >= argc) {
			optopt = longopts[found].val;
			return colon ? ':' : '?';
		}
		optarg = argv[optind++];
	}
	if (longindex)
		*longindex = found;
	if (longopts[found].flag) {
		*longopts[found].flag = longopts[found].val;
		return 0;
	}
	return longopts[found].val;
}
#endif

#ifdef __ladr_want_getopt
int getopt(int argc, char *const argv[], const char *optstring) {
	int colon;
	if (__ladr_getopt_scan(argc, argv, &optstring, &colon, 0) < 0)
		return -1;
	return __ladr_getopt_short(argc, argv, optstring, colon);
}
#endif

#ifdef __ladr_want_getopt_long
int getopt_long(int argc, char *const *argv, const char *optstring, const struct option *longopts, int *longindex) {
	int colon, r = __ladr_getopt_scan(argc, argv, &optstring, &colon, longopts != 0);
	if (r < 0)
		return -1;
	if (r == 1)
		return __ladr_getopt_long1(argc, argv, longopts, longindex, colon);
	return __ladr_getopt_short(argc, argv, optstring, colon);
}
#endif
