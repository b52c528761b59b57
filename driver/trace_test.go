package driver

import "testing"

func TestPlainInts(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"ids[0l]", "ids[0]"},
		{"1ul", "1"},
		{"a[12LL].f", "a[12].f"},
		{"-5l", "-5"},
		{"0x1ful", "0x1ful"}, // hexadecimal: left alone
		{"1.5f", "1.5f"},
		{"x1l", "x1l"}, // an identifier
		{"p->next", "p->next"},
		{"42", "42"},
	} {
		if got := plainInts(tc.in); got != tc.want {
			t.Errorf("plainInts(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
