/* Compares ladr's model of getopt and getopt_long (models/getopt.c,
   compiled with its names prefixed by ladr_) with glibc's on a table of
   argument vectors: the results, optarg, optind and optopt of every call,
   and the final order of argv. Prints one line per difference and "ok" at
   the end when there is none. */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

extern char *ladr_optarg;
extern int ladr_optind, ladr_opterr, ladr_optopt;
int ladr_getopt(int, char *const *, const char *);
int ladr_getopt_long(int, char *const *, const char *, const struct option *, int *);

/* The model asks whether POSIXLY_CORRECT is set (nondeterministic for
   ladr): here the environment answers, as for glibc. */
#include <stdlib.h>
int __VERIFIER_nondet_int(void) { return getenv("POSIXLY_CORRECT") != 0; }

static int flag;
static const struct option longopts[] = {
	{"verbose", no_argument, 0, 'v'},
	{"name", required_argument, 0, 'n'},
	{"opt", optional_argument, 0, 'o'},
	{"flag", no_argument, &flag, 7},
	{"nap", no_argument, 0, 'p'},
	{0, 0, 0, 0},
};

struct tc {
	const char *optstring;
	int longopts;
	const char *argv[10];
};

static const struct tc cases[] = {
	{"r", 0, {"p", 0}},
	{"r", 0, {"p", "-r", 0}},
	{"r", 0, {"p", "-x", 0}},
	{"r", 0, {"p", "x", "-r", 0}},
	{"r", 0, {"p", "x", "y", "-r", "z", 0}},
	{"r", 0, {"p", "-r", "--", "-r", 0}},
	{"r", 0, {"p", "x", "--", "-r", 0}},
	{"r", 0, {"p", "-", "-r", 0}},
	{"ab", 0, {"p", "-ab", "-ba", "-a", 0}},
	{"ab", 0, {"p", "-axb", 0}},
	{"n:", 0, {"p", "-n5", "-n", "6", 0}},
	{"n:", 0, {"p", "-n", 0}},
	{":n:", 0, {"p", "-n", 0}},
	{"n:", 0, {"p", "x", "-n", "6", "y", 0}},
	{"n:", 0, {"p", "x", "-n", 0}},
	{"an:", 0, {"p", "x", "-an", "6", "y", "-a", 0}},
	{"n::", 0, {"p", "-n", "-n7", "x", 0}},
	{"+r", 0, {"p", "x", "-r", 0}},
	{"i:t:", 0, {"p", "-i", "3", "-t", "4", "rest", 0}},
	{"dmp", 0, {"p", "-d", "-q", "-m", "-p", "a", "b", 0}},
	{"v", 1, {"p", "--verbose", "--name=x", "--name", "y", 0}},
	{"v", 1, {"p", "--ver", "--na", "z", "--opt", "--opt=w", 0}},
	{"v", 1, {"p", "--flag", "--bogus", "-v", 0}},
	{"v", 1, {"p", "--n", "x", 0}},
	{"v", 1, {"p", "--name", 0}},
	{"v", 1, {"p", "--verbose=1", 0}},
	{"v", 1, {"p", "a", "--name", "b", "c", "--verbose", 0}},
	{"v", 1, {"p", "--", "--verbose", 0}},
	{"ab", 0, {"p", "x", "-a", "y", "-b", "z", 0}},
	{"n:", 0, {"p", "-n", "--", "x", 0}},
	{"a", 0, {"p", "x", "y", "--", "-a", 0}},
	{"a", 0, {"p", "x", "-a", "y", "--", "-a", 0}},
	{"ab", 0, {"p", "x", "-a", "-b", "y", "-ab", 0}},
};

int main(void) {
	int bad = 0;
	opterr = 0;
	ladr_opterr = 0;
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const struct tc *c = &cases[i];
		char *a1[10], *a2[10];
		int argc = 0;
		while (c->argv[argc]) {
			a1[argc] = a2[argc] = (char *)c->argv[argc];
			argc++;
		}
		a1[argc] = a2[argc] = 0;
		optind = 0; /* glibc: full reinitialization */
		ladr_optind = 0;
		for (int step = 0; step < 20; step++) {
			int li1 = -1, li2 = -1;
			flag = 0;
			int r1 = c->longopts ? getopt_long(argc, a1, c->optstring, longopts, &li1) : getopt(argc, a1, c->optstring);
			int f1 = flag;
			flag = 0;
			int r2 = c->longopts ? ladr_getopt_long(argc, a2, c->optstring, longopts, &li2) : ladr_getopt(argc, a2, c->optstring);
			int f2 = flag;
			const char *o1 = optarg ? optarg : "(null)", *o2 = ladr_optarg ? ladr_optarg : "(null)";
			if (r1 != r2 || strcmp(o1, o2) != 0 || optind != ladr_optind || f1 != f2 || (r1 == '?' && optopt != ladr_optopt) || (r1 != '?' && li1 != li2)) {
				printf("case %u step %d: glibc %d optarg %s optind %d optopt %d flag %d longindex %d; model %d optarg %s optind %d optopt %d flag %d longindex %d\n",
				       i, step, r1, o1, optind, optopt, f1, li1, r2, o2, ladr_optind, ladr_optopt, f2, li2);
				bad = 1;
				break;
			}
			if (r1 == -1)
				break;
		}
		for (int k = 0; k < argc; k++)
			if (strcmp(a1[k], a2[k]) != 0) {
				printf("case %u: argv[%d] is %s with glibc, %s with the model\n", i, k, a1[k], a2[k]);
				bad = 1;
				break;
			}
	}
	if (!bad)
		printf("ok\n");
	return bad;
}
