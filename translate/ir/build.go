package ir

import "strconv"

// Builder makes the statements a pass inserts where it stands (Loc): fresh
// temporaries, each declared and named Prefix followed by a counter, and
// expression statements. A pass embeds one, moves Loc as it walks, and
// collects the declarations where its statements go.
type Builder struct {
	// Loc is the origin of the statements made, and its Func the function
	// of the temporaries.
	Loc Loc
	// Prefix starts the names of the temporaries ("__ladr_h": __ladr_h1,
	// __ladr_h2, ...); the printer makes names unique where they clash.
	Prefix string
	n      int
}

// Fresh advances the builder's counter and returns it: the number of the
// next temporary, or of anything else the pass numbers in the same
// sequence (labels).
func (b *Builder) Fresh() int {
	b.n++
	return b.n
}

// Temp returns a fresh local temporary of type t and appends its
// declaration at Loc to *out.
func (b *Builder) Temp(t Type, out *[]Stmt) *Var {
	v := &Var{Name: b.Prefix + strconv.Itoa(b.Fresh()), Type: t, Class: Local, Func: b.Loc.Func, Synthetic: true}
	*out = append(*out, &DeclStmt{Loc: b.Loc, Var: v})
	return v
}

// Exec returns the expression statement x at Loc.
func (b *Builder) Exec(x Expr) *ExprStmt { return Exec(b.Loc, x) }

// Assign returns the statement l = r at Loc.
func (b *Builder) Assign(l, r Expr) *ExprStmt { return Exec(b.Loc, Set(l, r)) }

// Clone returns a deep copy of e.
func Clone(e Expr) Expr { return (&Cloner{}).Expr(e) }
