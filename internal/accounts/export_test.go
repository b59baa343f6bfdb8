package accounts

// SetRosterBatch makes EachComensal read n diners at a time until the
// returned function puts the batch back.
func SetRosterBatch(n int) (restore func()) {
	old := rosterBatch
	rosterBatch = n
	return func() { rosterBatch = old }
}
