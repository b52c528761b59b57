package replay

import (
	"reflect"
	"testing"
)

func TestParseExploration(t *testing.T) {
	tests := []struct {
		name    string
		out     string
		want    *Exploration
		wantErr bool
	}{
		{
			name: "violation with choices, the program's output between",
			out: "hello\nladr-explore: violated: ladr:reach_error:1: reach_error()\n" +
				"ladr-explore: choice __VERIFIER_nondet_int 18446744073709551615\n" +
				"ladr-explore: choice __VERIFIER_nondet_uint 7\n",
			want: &Exploration{Violated: true, Message: "ladr:reach_error:1: reach_error()",
				Choices: []Choice{{Func: "__VERIFIER_nondet_int", Bits: ^uint64(0)}, {Func: "__VERIFIER_nondet_uint", Bits: 7}}},
		},
		{
			name: "search done",
			out:  "ladr-explore: done 120 4567\n",
			want: &Exploration{Done: true, States: 120, Runs: 4567},
		},
		{
			name: "table full",
			out:  "ladr-explore: full 25165825\n",
			want: &Exploration{Full: true, States: 25165825},
		},
		{name: "no report (killed)", out: "some output\n", wantErr: true},
		{name: "a failure of the runtime", out: "ladr-explore: too deep\n", wantErr: true},
		{name: "a bad choice", out: "ladr-explore: violated: x\nladr-explore: choice f notanumber\n", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseExploration([]byte(tt.out))
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, want error %v", err, tt.wantErr)
			}
			if !tt.wantErr && !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}
