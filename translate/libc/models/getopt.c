/* ladr's model of getopt and getopt_long, as glibc's behave by default:
   options may follow non-options (argv is permuted so that the options
   come first), "--" ends the options, grouped short options ("-ab"), an
   option's argument attached ("-n5") or in the next argument ("-n 5"),
   a missing argument or an unknown option returns '?' (':' if optstring
   starts with ':'), and a leading '+' in optstring (or '-') stops at the
   first non-option. Long options may be abbreviated to a unique prefix.
   Error messages are not printed. The state (optind, optarg, optopt,
   opterr and the position in a group of short options) is shared by all
   threads, as glibc's is. */
#include <getopt.h>
#include <unistd.h>

int __ladr_getopt(int argc, char *const *argv, const char *optstring, const struct option *longopts, int *longindex);

#ifdef __ladr_want___ladr_getopt
char *optarg;
int optind = 1, opterr = 1, optopt = '?';
static char *__ladr_getopt_next;
/* How many non-options were moved after the option being parsed: its
   separate argument, if it takes one, follows them and moves too. */
static int __ladr_getopt_moved;

static int __ladr_getopt_isopt(const char *a) { return a[0] == '-' && a[1] != 0; }

/* Moves argv[from] to argv[to] (to < from), shifting what is between. */
static void __ladr_getopt_rotate(char *const *argv, int to, int from) {
	char **v = (char **)argv;
	char *a = v[from];
	int i;
	for (i = from; i > to; i--)
		v[i] = v[i - 1];
	v[to] = a;
}

static int __ladr_getopt_long1(int argc, char *const *argv, const char *optstring, const struct option *longopts, int *longindex, int colon) {
	char *name = argv[optind] + 2;
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
	optind++;
	if (found < 0 || (ambiguous && !exact)) {
		optopt = 0;
		return '?';
	}
	if (longindex)
		*longindex = found;
	optarg = 0;
	if (name[n] == '=') {
		if (longopts[found].has_arg == no_argument) {
			optopt = longopts[found].val;
			return '?';
		}
		optarg = name + n + 1;
	} else if (longopts[found].has_arg == required_argument) {
		if (optind + __ladr_getopt_moved >= argc) {
			optopt = longopts[found].val;
			return colon ? ':' : '?';
		}
		if (__ladr_getopt_moved)
			__ladr_getopt_rotate(argv, optind, optind + __ladr_getopt_moved);
		optarg = argv[optind++];
	}
	if (longopts[found].flag) {
		*longopts[found].flag = longopts[found].val;
		return 0;
	}
	return longopts[found].val;
}

int __ladr_getopt(int argc, char *const *argv, const char *optstring, const struct option *longopts, int *longindex) {
	int permute = 1, colon = 0, k, c, i;
	const char *o;
	if (optind == 0) {
		optind = 1;
		__ladr_getopt_next = 0;
	}
	if (optstring[0] == '+' || optstring[0] == '-') {
		permute = 0;
		optstring++;
	}
	if (optstring[0] == ':') {
		colon = 1;
		optstring++;
	}
	optarg = 0;
	if (__ladr_getopt_next == 0 || *__ladr_getopt_next == 0) {
		__ladr_getopt_next = 0;
		__ladr_getopt_moved = 0;
		if (optind >= argc)
			return -1;
		if (!__ladr_getopt_isopt(argv[optind])) {
			if (!permute)
				return -1;
			/* The next option or "--" after the non-options moves before
			   them. */
			for (k = optind + 1; k < argc && !__ladr_getopt_isopt(argv[k]); k++)
				;
			if (k >= argc)
				return -1;
			__ladr_getopt_rotate(argv, optind, k);
			__ladr_getopt_moved = k - optind;
		}
		if (argv[optind][1] == '-' && argv[optind][2] == 0) {
			optind++;
			return -1;
		}
		if (argv[optind][1] == '-' && longopts) {
			return __ladr_getopt_long1(argc, argv, optstring, longopts, longindex, colon);
		}
		__ladr_getopt_next = argv[optind] + 1;
	}
	c = *__ladr_getopt_next++;
	o = 0;
	for (i = 0; optstring[i]; i++) {
		if (optstring[i] == c && c != ':') {
			o = optstring + i;
			break;
		}
	}
	if (o == 0) {
		optopt = c;
		if (*__ladr_getopt_next == 0)
			optind++;
		return '?';
	}
	if (o[1] == ':') {
		if (*__ladr_getopt_next != 0) {
			optarg = __ladr_getopt_next;
			optind++;
		} else if (o[2] == ':') {
			optind++;
		} else {
			optind++;
			if (optind + __ladr_getopt_moved >= argc) {
				optopt = c;
				__ladr_getopt_next = 0;
				return colon ? ':' : '?';
			}
			if (__ladr_getopt_moved)
				__ladr_getopt_rotate(argv, optind, optind + __ladr_getopt_moved);
			optarg = argv[optind++];
		}
		__ladr_getopt_next = 0;
	} else if (*__ladr_getopt_next == 0)
		optind++;
	return c;
}
#endif

#ifdef __ladr_want_getopt
int getopt(int argc, char *const argv[], const char *optstring) {
	return __ladr_getopt(argc, argv, optstring, (const struct option *)0, (int *)0);
}
#endif

#ifdef __ladr_want_getopt_long
int getopt_long(int argc, char *const *argv, const char *optstring, const struct option *longopts, int *longindex) {
	return __ladr_getopt(argc, argv, optstring, longopts, longindex);
}
#endif
