package compdb

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/cfront"
)

// TestLoad reads compilation databases as CMake and Bear write them: the
// flags that change a file's meaning are kept (paths resolved against the
// entry's directory), the rest ignored; files may be chosen.
func TestLoad(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name  string
		db    string
		files []string
		want  *Database
		err   string
	}{
		{
			name: "command and arguments",
			db: `[{"directory": "/p/build", "file": "../src/a.c", "command": "/usr/bin/cc -DX=1 -D Y -UZ -I../inc -I /abs/inc -isystem sys -include cfg.h -std=gnu99 -O2 -Wall -MF a.d -o a.o -c ../src/a.c"},
			      {"directory": "/p/build", "file": "/p/src/b.c", "arguments": ["gcc", "-m32", "-DQ=\"a b\"", "-c", "/p/src/b.c"], "output": "b.o"},
			      {"directory": "/p/build", "file": "/p/src/c.cc", "command": "g++ -c /p/src/c.cc"},
			      {"directory": "/p/build", "file": "../src/a.c", "command": "cc -DOTHER -c ../src/a.c"}]`,
			want: &Database{Model: cfront.ILP32, Units: []cfront.Unit{
				{File: "/p/src/a.c", Defines: []string{"X=1", "Y"}, Undefines: []string{"Z"}, IncludePaths: []string{"/p/inc", "/abs/inc", "/p/build/sys"}, Includes: []string{"/p/build/cfg.h"}, Std: "gnu99"},
				{File: "/p/src/b.c", Defines: []string{`Q="a b"`}},
			}},
		},
		{
			name:  "chosen files",
			db:    `[{"directory": "` + dir + `", "file": "a.c", "command": "cc -c a.c"}, {"directory": "` + dir + `", "file": "b.c", "command": "cc -DB -c b.c"}]`,
			files: []string{filepath.Join(dir, "b.c")},
			want:  &Database{Units: []cfront.Unit{{File: filepath.Join(dir, "b.c"), Defines: []string{"B"}}}},
		},
		{name: "a file without an entry", db: `[{"directory": "/p", "file": "a.c", "command": "cc -c a.c"}]`, files: []string{"/q/z.c"}, err: "no entry for /q/z.c"},
		{name: "not JSON", db: `{`, err: "not a compilation database"},
		{name: "no C file", db: `[{"directory": "/p", "file": "a.cpp", "command": "c++ -c a.cpp"}]`, err: "no C file"},
		{name: "no directory", db: `[{"file": "a.c", "command": "cc -c a.c"}]`, err: "needs a directory"},
		{name: "bad quoting", db: `[{"directory": "/p", "file": "a.c", "command": "cc -D'X -c a.c"}]`, err: "entry 1 (a.c): command"},
		{name: "value missing", db: `[{"directory": "/p", "file": "a.c", "arguments": ["cc", "a.c", "-D"]}]`, err: "-D without its value"},
		{name: "unknown standard", db: `[{"directory": "/p", "file": "a.c", "command": "cc -std=c42 -c a.c"}]`, err: "unknown C standard"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "compile_commands.json")
			if err := os.WriteFile(path, []byte(tc.db), 0o644); err != nil {
				t.Fatal(err)
			}
			got, err := Load(path, tc.files)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want one containing %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %+v\nwant %+v", got, tc.want)
			}
		})
	}
}
