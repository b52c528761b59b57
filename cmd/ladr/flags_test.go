package main

import (
	"io"
	"slices"
	"strings"
	"testing"
)

func TestUnglue(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"ladr check -DNVALGRIND -Iinclude x.c", "ladr check -D NVALGRIND -I include x.c"},
		{"ladr check -DN=4 -D M x.c", "ladr check -D N=4 -D M x.c"},
		{"ladr check -I=inc x.c", "ladr check -I inc x.c"},
		// a value of another flag is left alone, and so is what follows --
		{"ladr check --keep -Dout.c x.c", "ladr check --keep -Dout.c x.c"},
		{"ladr check x.c -- -DX", "ladr check x.c -- -DX"},
		{"ladr replay -DX --trace t.json x.c", "ladr replay -D X --trace t.json x.c"},
		{"ladr translate -Iinc -o out.c x.c", "ladr translate -I inc -o out.c x.c"},
		// only -D and -I glue
		{"ladr check -q -u2 x.c", "ladr check -q -u2 x.c"},
		{"ladr nosuch -DX", "ladr nosuch -DX"},
	}
	app := newApp(io.Discard, io.Discard)
	for _, tc := range tests {
		got := unglue(app, strings.Fields(tc.in))
		if want := strings.Fields(tc.want); !slices.Equal(got, want) {
			t.Errorf("unglue(%q) = %q; want %q", tc.in, got, want)
		}
	}
}
