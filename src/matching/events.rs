//! The event names each dialect documents, as its own configuration files spell them. Sources:
//! agent-hooks.md §1.2 and the Claude hooks reference (claude), §2 (gemini), §4 (cursor);
//! seed-systems.md B.1 (proxyai), D1 (praison: the events its file loader accepts), A.2 (prx),
//! C.3 and SPEC §3 (promptkit phases).

/// Claude Code (also Codex) hook events.
pub(super) const CLAUDE: &[&str] = &[
    "SessionStart",
    "Setup",
    "UserPromptSubmit",
    "UserPromptExpansion",
    "PreToolUse",
    "PermissionRequest",
    "PermissionDenied",
    "PostToolUse",
    "PostToolUseFailure",
    "PostToolBatch",
    "Notification",
    "MessageDisplay",
    "SubagentStart",
    "SubagentStop",
    "TaskCreated",
    "TaskCompleted",
    "Stop",
    "StopFailure",
    "TeammateIdle",
    "InstructionsLoaded",
    "ConfigChange",
    "CwdChanged",
    "DirectoryAdded",
    "FileChanged",
    "WorktreeCreate",
    "WorktreeRemove",
    "PreCompact",
    "PostCompact",
    "PreModelSwitch",
    "PostModelSwitch",
    "Elicitation",
    "ElicitationResult",
    "SessionEnd",
];

/// Gemini CLI hook events (`HookEventName` in gemini-cli `hooks/types.ts`).
pub(super) const GEMINI: &[&str] = &[
    "BeforeTool",
    "AfterTool",
    "BeforeAgent",
    "AfterAgent",
    "BeforeModel",
    "AfterModel",
    "BeforeToolSelection",
    "SessionStart",
    "SessionEnd",
    "Notification",
    "PreCompress",
];

/// Cursor hook events, agent and Tab.
pub(super) const CURSOR: &[&str] = &[
    "sessionStart",
    "sessionEnd",
    "preToolUse",
    "postToolUse",
    "postToolUseFailure",
    "subagentStart",
    "subagentStop",
    "beforeShellExecution",
    "afterShellExecution",
    "beforeMCPExecution",
    "afterMCPExecution",
    "beforeReadFile",
    "afterFileEdit",
    "beforeSubmitPrompt",
    "preCompact",
    "stop",
    "afterAgentResponse",
    "afterAgentThought",
    "beforeTabFileRead",
    "afterTabFileEdit",
];

/// proxyai hook events; `preToolUse` is accepted as an alias of `beforeToolUse` (SPEC §2).
pub(super) const PROXYAI: &[&str] = &[
    "beforeToolUse",
    "afterToolUse",
    "preToolUse",
    "beforeShellExecution",
    "afterShellExecution",
    "beforeReadFile",
    "afterFileEdit",
    "subagentStart",
    "subagentStop",
    "stop",
];

/// praison events its hooks file may name (compared case-insensitively).
pub(super) const PRAISON: &[&str] = &[
    "before_tool",
    "after_tool",
    "before_agent",
    "after_agent",
    "session_start",
    "session_end",
];

/// PRX events (`HookEvent`), in their normalised spelling.
pub(super) const PRX: &[&str] = &[
    "agent_start",
    "agent_end",
    "llm_request",
    "llm_response",
    "tool_call_start",
    "tool_call",
    "turn_complete",
    "error",
];

/// promptkit phases, their `<hook>.<phase>` forms, and `eval`.
pub(super) const PROMPTKIT: &[&str] = &[
    "before_call",
    "after_call",
    "before_execution",
    "after_execution",
    "session_start",
    "session_update",
    "session_end",
    "provider.before_call",
    "provider.after_call",
    "tool.before_execution",
    "tool.after_execution",
    "session.session_start",
    "session.session_update",
    "session.session_end",
    "eval",
];
