package witness

import (
	"fmt"

	"github.com/ladr-dev/ladr/driver"
)

// Validation verdicts.
const (
	// Confirmed: an execution that follows the witness violates the
	// property, and the replay re-executed it.
	Confirmed = "confirmed"
	// Rejected: no execution that follows the witness violates the
	// property (every behaviour covered, or the program proved free of
	// violations).
	Rejected = "rejected"
	// Unconfirmed: neither, with the reason (bounds, unknown constructs,
	// parts of the witness that could not be placed).
	Unconfirmed = "unknown"
)

// Validation is the outcome of following a witness.
type Validation struct {
	// Verdict is Confirmed, Rejected or Unconfirmed.
	Verdict string `json:"verdict"`
	// SVCOMP is the validator's verdict in SV-COMP's terms: FALSE(prop)
	// confirms the witness, TRUE rejects it, UNKNOWN does neither.
	SVCOMP string `json:"svcomp"`
	Reason string `json:"reason,omitempty"`
	// Format and Producer describe the witness.
	Format   string `json:"format"`
	Producer string `json:"producer,omitempty"`
	// Waypoints is how many the witness has; Placed how many the program
	// followed.
	Waypoints int `json:"waypoints"`
	Placed    int `json:"placed"`
	// Notes are the parts of the witness left out (by the reader or the
	// translation).
	Notes []string `json:"notes,omitempty"`
}

// Validate turns the result of a check that followed w (driver.Options
// Follow) into a validation verdict.
func Validate(w *Witness, r *driver.Result) Validation {
	v := Validation{Format: w.Format, Producer: w.Producer, Waypoints: len(w.Follow.Waypoints), Notes: append([]string{}, w.Notes...)}
	f := r.Followed
	if f != nil {
		v.Placed = f.Placed
		for _, s := range f.Unplaced {
			v.Notes = append(v.Notes, "not followed: "+s)
		}
		for _, s := range f.Ignored {
			v.Notes = append(v.Notes, "constraint not followed: "+s)
		}
	}
	bounds := fmt.Sprintf("rounds %d, unwind %d", r.Bounds.Rounds, r.Bounds.Unwind)
	switch r.Result {
	case driver.Violation:
		switch {
		case !r.Confirmed:
			v.Verdict, v.Reason = Unconfirmed, "a violation follows the witness, but it was not replayed (--replay=false)"
		case f != nil && f.ConstrainedUnplaced > 0:
			v.Verdict = Unconfirmed
			v.Reason = fmt.Sprintf("a violation follows the witness except %d waypoints that say more than where a thread is and name lines with no statement", f.ConstrainedUnplaced)
		default:
			v.Verdict = Confirmed
		}
	case driver.True:
		v.Verdict = Rejected
		if r.Proof != nil {
			v.Reason = "the program is proved free of " + r.Property + " violations for every bound"
		} else {
			v.Reason = "no execution that follows the witness violates the property (the bounds cover every behaviour: " + bounds + ")"
		}
	case driver.NoViolationFound:
		v.Verdict = Unconfirmed
		v.Reason = "no execution that follows the witness violates the property within the bounds (" + bounds + "); a longer one might"
	default:
		v.Verdict, v.Reason = Unconfirmed, r.Reason
		if r.ReasonPos != "" {
			v.Reason += " at " + r.ReasonPos
		}
	}
	switch v.Verdict {
	case Confirmed:
		v.SVCOMP = r.Verdict
	case Rejected:
		v.SVCOMP = "TRUE"
	default:
		v.SVCOMP = "UNKNOWN"
	}
	return v
}
