package ir

// Stmt is a statement. Every statement carries a Loc: where it comes from in
// the original program.
type Stmt interface {
	Origin() *Loc
	stmtNode()
}

// Loc is the origin of a statement: its position in the original source, the
// original function it belongs to, and the chain of call sites through which
// it was inlined.
type Loc struct {
	Pos    Pos
	Func   string
	Inline *InlineSite
}

// Origin returns l itself; it lets every statement struct embedding Loc
// satisfy Stmt.
func (l *Loc) Origin() *Loc { return l }

// InlineSite is one call site in an inlining chain: the call at Pos in
// function Func. Parent is the call site Func itself was inlined through.
type InlineSite struct {
	Pos    Pos
	Func   string
	Parent *InlineSite
}

// ExprStmt evaluates X for its side effects.
type ExprStmt struct {
	Loc
	X Expr
}

// DeclStmt declares the local variable Var, optionally initialized. For a
// static local, the initializer lives in Var.Init and Init is nil.
type DeclStmt struct {
	Loc
	Var  *Var
	Init *Init
}

// Block is a compound statement.
type Block struct {
	Loc
	List []Stmt
}

// If is if (Cond) Then else Else; Else may be nil. Exit marks a loop's
// exit test made by unwinding (if (!cond) leave the loop): its Then branch
// runs when the source's condition does not hold.
type If struct {
	Loc
	Cond Expr
	Then *Block
	Else *Block
	Exit bool
}

// LoopKind distinguishes while, do-while and for loops.
type LoopKind int

// Loop kinds.
const (
	While LoopKind = iota
	DoWhile
	For
)

// Loop is a while, do-while or for loop. Cond == nil means "forever"; Post is
// the third clause of a for loop (may be nil). A for loop's first clause is
// lowered into statements before the loop. ID numbers the loops of the
// original program in source order (from 0) and is kept through inlining, so
// per-loop bounds can name them.
type Loop struct {
	Loc
	Kind LoopKind
	Cond Expr
	Post Expr
	Body *Block
	ID   int
}

// Break leaves the innermost loop.
type Break struct{ Loc }

// Continue goes to the next iteration of the innermost loop.
type Continue struct{ Loc }

// Goto jumps to a label in the same function.
type Goto struct {
	Loc
	Label string
}

// Label marks a jump target; it is a statement of its own.
type Label struct {
	Loc
	Name string
}

// Return returns from the function, with X (may be nil).
type Return struct {
	Loc
	X Expr
}

// Unsupported stands for a statement ladr does not model. Any reachable
// Unsupported statement makes the result unknown, naming What at Pos.
type Unsupported struct {
	Loc
	What string
}

func (*ExprStmt) stmtNode()    {}
func (*DeclStmt) stmtNode()    {}
func (*Block) stmtNode()       {}
func (*If) stmtNode()          {}
func (*Loop) stmtNode()        {}
func (*Break) stmtNode()       {}
func (*Continue) stmtNode()    {}
func (*Goto) stmtNode()        {}
func (*Label) stmtNode()       {}
func (*Return) stmtNode()      {}
func (*Unsupported) stmtNode() {}

// NewBlock returns a block holding the given statements.
func NewBlock(loc Loc, list ...Stmt) *Block { return &Block{Loc: loc, List: list} }

// Exec returns the expression statement x at loc.
func Exec(loc Loc, x Expr) *ExprStmt { return &ExprStmt{Loc: loc, X: x} }
