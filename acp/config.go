package acp

import (
	"context"
	"time"

	sdk "github.com/coder/acp-go-sdk"
)

// The session config options loopls offers.
const (
	configModel sdk.SessionConfigId = "model"
	configMode  sdk.SessionConfigId = "mode"
)

// defaultModelValue stands for "the configured model": the settings' model,
// or the first tool-capable local model when none is set.
const defaultModelValue = "default"

// modelListTimeout bounds asking the providers for their models, so a slow
// or absent Ollama never holds up session/new.
const modelListTimeout = 2 * time.Second

func modelFromValue(v string) string {
	if v == defaultModelValue {
		return ""
	}
	return v
}

// configOptions describes the session's model and mode selectors.
func (a *Agent) configOptions(ctx context.Context, mode Mode, model string) []sdk.SessionConfigOption {
	current := model
	if current == "" {
		current = defaultModelValue
	}
	configured := a.defaultModel()
	label := "Default"
	if configured != "" {
		label = "Default (" + configured + ")"
	}
	opts := sdk.SessionConfigSelectOptionsUngrouped{{Value: defaultModelValue, Name: label,
		Description: sdk.Ptr("The model of the settings (LOOPLS_MODEL), else the first local model that supports tools.")}}
	seen := map[string]bool{defaultModelValue: true}
	add := func(m string) {
		if m == "" || seen[m] {
			return
		}
		seen[m] = true
		opts = append(opts, sdk.SessionConfigSelectOption{Value: sdk.SessionConfigValueId(m), Name: m})
	}
	add(configured)
	add(model)
	if a.cfg.Models != nil {
		lctx, cancel := context.WithTimeout(ctx, modelListTimeout)
		models, err := a.cfg.Models(lctx)
		cancel()
		if err != nil {
			a.log.Debug("acp: listing models", "err", err)
		}
		for _, m := range models {
			add(m)
		}
	}
	modeOpts := sdk.SessionConfigSelectOptionsUngrouped{}
	for _, m := range modeState(mode).AvailableModes {
		modeOpts = append(modeOpts, sdk.SessionConfigSelectOption{Value: sdk.SessionConfigValueId(m.Id), Name: m.Name, Description: m.Description})
	}
	return []sdk.SessionConfigOption{
		{Select: &sdk.SessionConfigOptionSelect{
			Id: configModel, Name: "Model", Category: sdk.Ptr(sdk.SessionConfigOptionCategoryModel),
			Description:  sdk.Ptr("The model that runs this session's prompts, as provider:name (ollama:…, openai:…, anthropic:…)."),
			CurrentValue: sdk.SessionConfigValueId(current), Options: sdk.SessionConfigSelectOptions{Ungrouped: &opts},
		}},
		{Select: &sdk.SessionConfigOptionSelect{
			Id: configMode, Name: "Mode", Category: sdk.Ptr(sdk.SessionConfigOptionCategoryMode),
			Description:  sdk.Ptr("How much the agent may do without asking."),
			CurrentValue: sdk.SessionConfigValueId(mode), Options: sdk.SessionConfigSelectOptions{Ungrouped: &modeOpts},
		}},
	}
}
