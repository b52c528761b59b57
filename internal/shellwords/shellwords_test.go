package shellwords

import (
	"slices"
	"testing"
)

func TestSplit(t *testing.T) {
	tests := []struct {
		in      string
		want    []string
		wantErr bool
	}{
		{in: "", want: []string{}},
		{in: "   \t ", want: []string{}},
		{in: "a b  c", want: []string{"a", "b", "c"}},
		{in: " -t 2 -q ", want: []string{"-t", "2", "-q"}},
		{in: `'a b' c`, want: []string{"a b", "c"}},
		{in: `"a b" c`, want: []string{"a b", "c"}},
		{in: `a'b c'd`, want: []string{"ab cd"}},
		{in: `'' x`, want: []string{"", "x"}},
		{in: `""`, want: []string{""}},
		{in: `"a\"b\\c\d"`, want: []string{`a"b\c\d`}},
		{in: `'a\b'`, want: []string{`a\b`}},
		{in: `a\ b`, want: []string{"a b"}},
		{in: `$HOME *.c ~`, want: []string{"$HOME", "*.c", "~"}},
		{in: "a\\\nb", want: []string{"ab"}},
		{in: `'abc`, wantErr: true},
		{in: `"abc`, wantErr: true},
		{in: `"abc\"`, wantErr: true},
		{in: `abc\`, wantErr: true},
	}
	for _, tc := range tests {
		got, err := Split(tc.in)
		if tc.wantErr {
			if err == nil {
				t.Errorf("Split(%q) = %q; want an error", tc.in, got)
			}
			continue
		}
		if err != nil || got == nil || !slices.Equal(got, tc.want) {
			t.Errorf("Split(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}
