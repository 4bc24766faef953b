package machine

import "fmt"

// The driver's loop: ask, acknowledge with Begin, perform, feed the result.
// Here the "model" answers with one tool call and then with text.
func ExampleLoopMachine() {
	p := DefaultPolicy()
	m := NewMachine(nil)
	mv, _ := m.AcceptInput("read the README")
	fmt.Println(mv.From.Name, "->", mv.To.Name, mv.Event)
	replies := []Message{
		{Role: RoleAssistant, ToolCalls: []ToolCall{{ID: "call_1", Name: "read_file", Arguments: []byte(`{"path":"README.md"}`)}}},
		{Role: RoleAssistant, Content: "It is a README."},
	}
	for {
		step := m.NextStep(p)
		mv, err := m.Begin(step, p)
		if err != nil {
			panic(err) // a driver bug: the step was not the machine's answer
		}
		if mv.Moved() {
			fmt.Println(mv.From.Name, "->", mv.To.Name, mv.Event)
		}
		switch step.Kind {
		case StepCallLLM:
			mv, _ = m.ModelResponse(replies[step.Turn], 100, []string{"read_file"})
		case StepCallTools:
			var results []Message
			for _, c := range step.Calls {
				results = append(results, ToolResultMessage(c.Call, "# loopls", false))
			}
			mv, _ = m.ToolResults(results, 150)
		case StepDone:
			fmt.Println("done:", step.Outcome.Name, step.Outcome.FinalText)
			if step.Outcome.Name == OutcomeCompleted {
				_ = m.Commit()
			} else {
				_ = m.Discard()
			}
			fmt.Println("history:", len(m.History()), "messages")
			return
		}
		fmt.Println(mv.From.Name, "->", mv.To.Name, mv.Event)
	}
	// Output:
	// Start -> Start accept_input
	// Start -> AwaitingModel call_llm
	// AwaitingModel -> AwaitingTools model_response
	// AwaitingTools -> Start tool_results
	// Start -> AwaitingModel call_llm
	// AwaitingModel -> Terminal model_response
	// done: completed It is a README.
	// history: 4 messages
}
