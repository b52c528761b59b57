package driver

import "testing"

// TestHidden: the assignments a trace leaves out are ladr's and CBMC's own
// variables, never the program's.
func TestHidden(t *testing.T) {
	for _, tc := range []struct {
		lvalue string
		want   bool
	}{
		{"counter", false},
		{"s.f[2]", false},
		{"SMALL", false},
		{"SM__&counter__w", true},
		{"SM__&return_value___CPROVER_get_field!0@1__w", true},
		{"return_value_f", true},
		{"tmp_post$1", true},
		{"x$object", true},
	} {
		if got := hidden(tc.lvalue); got != tc.want {
			t.Errorf("hidden(%q) = %v, want %v", tc.lvalue, got, tc.want)
		}
	}
}
