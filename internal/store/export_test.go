package store

// ServerBehaviour makes the DB answer ErrInTx on misuse as the server does
// instead of panicking, until the returned function restores it.
func ServerBehaviour() (restore func()) {
	old := panicOnMisuse
	panicOnMisuse = false
	return func() { panicOnMisuse = old }
}
