package machine

// Feed names one input of the machine: the LoopMachine method a driver calls.
type Feed string

// The feeds, the columns of the state × feed table.
const (
	FeedAcceptInput       Feed = "AcceptInput"
	FeedBegin             Feed = "Begin"
	FeedModelResponse     Feed = "ModelResponse"
	FeedToolResults       Feed = "ToolResults"
	FeedInterruptTools    Feed = "InterruptTools"
	FeedLoopStopped       Feed = "LoopStopped"
	FeedRecoveryExhausted Feed = "RecoveryExhausted"
	FeedCompactionResult  Feed = "CompactionResult"
	FeedCompactionNoop    Feed = "CompactionNoop"
	FeedSetContextTokens  Feed = "SetContextTokens"
	FeedCancel            Feed = "Cancel"
	FeedFail              Feed = "Fail"
	FeedSettle            Feed = "Settle"
	FeedCommit            Feed = "Commit"
	FeedDiscard           Feed = "Discard"
)

// Rule is what a state does with a feed.
type Rule int

const (
	// Refuses: the feed is an IllegalFeedError and the machine is unchanged
	// (a driver bug). The zero Rule: a cell the table omits refuses.
	Refuses Rule = iota
	// Takes: the feed acts. Its arguments may still be refused (a negative
	// token count, a Begin for a step the machine did not answer, a Commit
	// of a run that did not complete).
	Takes
	// Ignores: the feed is accepted and changes nothing (a terminal machine
	// ignores what a cancelled driver may still feed it).
	Ignores
)

// String spells the rule as the documentation does.
func (r Rule) String() string {
	switch r {
	case Takes:
		return "takes"
	case Ignores:
		return "ignores"
	}
	return "refuses"
}

// feedTable is the legal state × feed table (SPEC §2.1): every feed looks
// its cell up here first (admit), so this is the one place a reader finds
// what each state takes. A cell left out refuses.
var feedTable = map[StateName]map[Feed]Rule{
	StateStart: {
		FeedAcceptInput: Takes, FeedBegin: Takes,
		FeedInterruptTools:   Ignores,
		FeedSetContextTokens: Takes, FeedCancel: Takes, FeedFail: Takes,
	},
	StateAwaitingModel: {
		FeedBegin: Takes, FeedModelResponse: Takes,
		FeedInterruptTools:   Ignores,
		FeedSetContextTokens: Takes, FeedCancel: Takes, FeedFail: Takes,
	},
	StateAwaitingTools: {
		FeedBegin: Takes, FeedToolResults: Takes, FeedInterruptTools: Takes,
		FeedLoopStopped: Takes, FeedRecoveryExhausted: Takes,
		FeedSetContextTokens: Takes, FeedCancel: Takes, FeedFail: Takes,
	},
	StateAwaitingCompaction: {
		FeedBegin: Takes, FeedCompactionResult: Takes, FeedCompactionNoop: Takes,
		FeedInterruptTools:   Ignores,
		FeedSetContextTokens: Takes, FeedCancel: Takes, FeedFail: Takes,
	},
	// A terminal machine ignores every feed of a run, takes a new prompt,
	// and settles the run it ended (Commit only a completed one, Discard
	// any other).
	StateTerminal: {
		FeedAcceptInput: Takes, FeedBegin: Ignores, FeedModelResponse: Ignores, FeedToolResults: Ignores,
		FeedInterruptTools: Ignores, FeedLoopStopped: Ignores, FeedRecoveryExhausted: Ignores,
		FeedCompactionResult: Ignores, FeedCompactionNoop: Ignores,
		FeedSetContextTokens: Ignores, FeedCancel: Ignores, FeedFail: Ignores,
		FeedSettle: Takes, FeedCommit: Takes, FeedDiscard: Takes,
	},
}

// RuleOf returns the table's cell for state s and feed f.
func RuleOf(s StateName, f Feed) Rule { return feedTable[s][f] }

// admit looks feed f up for the state the machine is in: ok when the state
// takes it, a refusal (with reason) when it refuses, neither when it
// ignores it.
func (m *LoopMachine) admit(f Feed, reason string) (ok bool, err error) {
	switch RuleOf(m.state.Name, f) {
	case Takes:
		return true, nil
	case Ignores:
		return false, nil
	}
	return false, m.illegal(string(f), reason)
}
