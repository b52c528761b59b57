/* ladr's model of name resolution: getaddrinfo reads the node and service
   names and the hints, and fails (any EAI_ error) or returns one address
   of the hinted family (IPv4 or IPv6 when unspecified) whose bytes are
   nondeterministic, in a fresh list; freeaddrinfo frees that list. The
   resolver's own state is the library's. */
#include <sys/types.h>
#include <sys/socket.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>

#ifdef __ladr_want_getaddrinfo
int getaddrinfo(const char *restrict node, const char *restrict service, const struct addrinfo *restrict hints, struct addrinfo **restrict res) {
	int err = __VERIFIER_nondet_int(), family = AF_UNSPEC, socktype = 0, protocol = 0;
	struct addrinfo *ai;
	if (node)
		(void)strlen(node);
	if (service)
		(void)strlen(service);
	if (hints) {
		family = hints->ai_family;
		socktype = hints->ai_socktype;
		protocol = hints->ai_protocol;
	}
	if (err != 0) {
		__VERIFIER_assume(err == EAI_AGAIN || err == EAI_FAIL || err == EAI_NONAME || err == EAI_MEMORY || err == EAI_SYSTEM ||
				  err == EAI_SERVICE || err == EAI_FAMILY || err == EAI_SOCKTYPE || err == EAI_BADFLAGS);
		return err;
	}
	if (family == AF_UNSPEC)
		family = __VERIFIER_nondet_int() ? AF_INET6 : AF_INET;
	ai = (struct addrinfo *)malloc(sizeof *ai);
	__VERIFIER_assume(ai != 0);
	ai->ai_flags = hints ? hints->ai_flags : 0;
	ai->ai_family = family;
	ai->ai_socktype = socktype;
	ai->ai_protocol = protocol;
	ai->ai_addrlen = family == AF_INET6 ? sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in);
	ai->ai_addr = (struct sockaddr *)malloc(ai->ai_addrlen);
	__VERIFIER_assume(ai->ai_addr != 0);
	ai->ai_addr->sa_family = (sa_family_t)family;
	ai->ai_canonname = 0;
	ai->ai_next = 0;
	*res = ai;
	return 0;
}
#endif

#ifdef __ladr_want_freeaddrinfo
void freeaddrinfo(struct addrinfo *ai) {
	if (ai) {
		free(ai->ai_addr);
		free(ai);
	}
}
#endif
