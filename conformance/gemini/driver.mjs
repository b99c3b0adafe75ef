// Gemini CLI's own hook engine, in-process.
//
// Reads a JSON array of jobs on stdin, runs each through @google/gemini-cli-core's real
// HookSystem (HookRegistry -> HookPlanner -> HookRunner -> HookAggregator, fired through
// HookEventHandler exactly as the CLI fires it), and prints one JSON line per job with the
// *effect* the CLI draws from the aggregated output, read from the consumers of each event:
//   BeforeTool  scheduler/hook-utils.js evaluateBeforeToolHook
//   AfterTool   core/coreToolHookTriggers.js executeToolWithHooks
//   BeforeAgent core/client.js fireBeforeAgentHookSafe; AfterAgent client.js sendMessageStream
//   BeforeModel / AfterModel / BeforeToolSelection  hooks/hookSystem.js
//   SessionStart: finalOutput (additionalContext, systemMessage); SessionEnd / Notification /
//   PreCompress: the result is not used by the CLI (only which hooks ran counts).
//
// Job: {"id", "cwd", "settings": <.gemini/settings.json object>, "event", "payload": {...},
//       "trust"?: "untrusted" | "trusted" (folder trust on; the folder listed in trustedFolders.json or not)}
// The settings object is mapped to Config as packages/cli/src/config/config.ts does:
//   enableHooks: hooksConfig.enabled, hooks: settings.hooks || {}, disabledHooks: hooksConfig.disabled || []
//
// Usage: node driver.mjs <gemini-cli-core package dir> <results.jsonl> <jobs.json>
// (results go to a file: the core's debug logger writes to stdout)
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import fs from 'node:fs';

const pkgDir = process.argv[2];
const outFile = process.argv[3];
const outFd = fs.openSync(outFile, 'w');
const core = await import(pathToFileURL(path.join(pkgDir, 'dist/src/index.js')).href);
const { Config, HookSystem, HookEventName } = core;

// The CLI's settings schema gives hooksConfig.enabled a default of true
// (packages/cli/src/config/settingsSchema.ts: hooksConfig.enabled default true).
function configFor(job) {
  const settings = job.settings || {};
  const hooksConfig = settings.hooksConfig || {};
  const cfg = new Config({
    sessionId: 'conformance-session',
    targetDir: job.cwd,
    cwd: job.cwd,
    debugMode: false,
    model: 'gemini-2.5-pro',
    enableHooks: hooksConfig.enabled ?? true,
    hooks: settings.hooks || {},
    disabledHooks: hooksConfig.disabled || [],
    projectHooks: settings.hooks || {},
    usageStatisticsEnabled: false,
    telemetry: { enabled: false },
    // Trust scenarios turn folder trust on (settings security.folderTrust.enabled); whether the
    // folder is trusted is then read from trustedFolders.json (GEMINI_CLI_TRUSTED_FOLDERS_PATH,
    // written by agent.py), by config.isTrustedFolder -> utils/trust.js checkPathTrust.
    folderTrust: !!job.trust,
  });
  // Every other scenario runs in a trusted folder (an untrusted folder runs no project hook).
  if (!job.trust) cfg.isTrustedFolder = () => true;
  return cfg;
}

function sdkRequest(payload) {
  const text = payload?.prompt ?? 'hello';
  return { model: 'gemini-2.5-pro', contents: [{ role: 'user', parts: [{ text }] }], config: {} };
}

function sdkResponse(payload) {
  const text = payload?.response_text ?? 'model says hi';
  return { candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP' }] };
}

// Effect fields compared by the harness. Undefined fields are dropped.
function common(out) {
  const e = {};
  if (!out) return e;
  if (out.systemMessage && !out.suppressOutput) e.system_message = out.systemMessage;
  return e;
}

async function runJob(job) {
  const cfg = configFor(job);
  if (!cfg.getEnableHooks()) return { effect: { proceeds: true }, note: 'hooks disabled' };
  // Storage.initialize() registers the project under $HOME/.gemini (the harness gives node a
  // scratch HOME); getPlansDir() needs it.
  await cfg.storage.initialize();
  const hs = new HookSystem(cfg);
  await hs.initialize();
  const h = hs.getEventHandler();
  const p = job.payload || {};
  const E = HookEventName;
  let eff = { proceeds: true };
  switch (job.event) {
    case E.BeforeTool: {
      const toolInput = { ...(p.tool_input || {}) };
      const out = await hs.fireBeforeToolEvent(p.tool_name, toolInput, p.mcp_context, undefined);
      Object.assign(eff, common(out));
      if (!out) break;
      if (out.shouldStopExecution()) {
        eff = { ...eff, proceeds: false, continue: false, reason: out.getEffectiveReason() };
        break;
      }
      const be = out.getBlockingError();
      if (be?.blocked) { eff = { ...eff, proceeds: false, reason: be.reason }; break; }
      if (out.isAskDecision()) { eff.ask = true; if (out.systemMessage) eff.ask_message = out.systemMessage; }
      const mod = out.getModifiedToolInput?.();
      // evaluateBeforeToolHook passes modifiedInput to tool.build; the scheduler merges it
      // into the call's args (Object.assign in the legacy path): the tool runs with {...args, ...mod}.
      if (mod) eff.updated_input = { ...(p.tool_input || {}), ...mod };
      break;
    }
    case E.AfterTool: {
      const out = await hs.fireAfterToolEvent(p.tool_name, p.tool_input || {}, p.tool_response || { llmContent: 'ok' }, undefined, undefined);
      Object.assign(eff, common(out));
      if (!out) break;
      if (out.shouldStopExecution()) { eff = { ...eff, proceeds: false, continue: false, reason: out.getEffectiveReason() }; break; }
      const be = out.getBlockingError();
      if (be?.blocked) { eff = { ...eff, proceeds: false, reason: be.reason }; break; }
      const ctx = out.getAdditionalContext();
      if (ctx) eff.context = ctx;
      const tail = out.getTailToolCallRequest();
      if (tail) eff.tail_tool_call = tail;
      break;
    }
    case E.BeforeAgent: {
      const out = await hs.fireBeforeAgentEvent(p.prompt ?? 'hello');
      Object.assign(eff, common(out));
      if (!out) break;
      if (out.shouldStopExecution()) { eff = { ...eff, proceeds: false, continue: false, reason: out.getEffectiveReason() }; break; }
      if (out.isBlockingDecision()) { eff = { ...eff, proceeds: false, reason: out.getEffectiveReason() }; break; }
      const ctx = out.getAdditionalContext();
      if (ctx) eff.context = ctx;
      break;
    }
    case E.AfterAgent: {
      const out = await hs.fireAfterAgentEvent(p.prompt ?? 'hello', p.prompt_response ?? 'done', !!p.stop_hook_active);
      Object.assign(eff, common(out));
      if (!out) break;
      if (out.shouldStopExecution()) {
        eff = { ...eff, proceeds: false, continue: false, reason: out.getEffectiveReason() };
        if (out.shouldClearContext()) eff.clear_context = true;
        break;
      }
      // A block on AfterAgent makes the agent go on with the reason as the next prompt.
      if (out.isBlockingDecision()) {
        eff = { ...eff, proceeds: false, reason: out.getEffectiveReason() };
        if (out.shouldClearContext()) eff.clear_context = true;
      }
      break;
    }
    case E.BeforeModel: {
      const req = sdkRequest(p);
      const r = await hs.fireBeforeModelEvent(req);
      if (r.stopped) { eff = { proceeds: false, continue: false, reason: r.reason }; break; }
      if (r.blocked) {
        eff = { proceeds: false, reason: r.reason };
        if (r.syntheticResponse) eff.synthetic_response = r.syntheticResponse;
        break;
      }
      if (r.modifiedContents && JSON.stringify(r.modifiedContents) !== JSON.stringify(req.contents)) eff.llm_request_contents = r.modifiedContents;
      if (r.modifiedModel && r.modifiedModel !== req.model) eff.llm_request_model = r.modifiedModel;
      break;
    }
    case E.AfterModel: {
      const req = sdkRequest(p);
      const chunk = sdkResponse(p);
      const r = await hs.fireAfterModelEvent(req, chunk);
      if (r.stopped) { eff = { proceeds: false, continue: false, reason: r.reason }; break; }
      if (r.blocked) { eff = { proceeds: false, reason: r.reason }; break; }
      if (r.response !== chunk) eff.llm_response = r.response;
      break;
    }
    case E.BeforeToolSelection: {
      const r = await hs.fireBeforeToolSelectionEvent(sdkRequest(p));
      // Any hook output gives a toolConfig (mergeToolSelectionOutputs); AUTO with no names is
      // the model's default, recorded as none (agent.py from_hook_tool_config does the same).
      const fc = r.toolConfig?.functionCallingConfig;
      if (r.toolConfig && !(fc?.mode === 'AUTO' && !fc?.allowedFunctionNames?.length)) eff.tool_config = r.toolConfig;
      break;
    }
    case E.SessionStart: {
      const out = await hs.fireSessionStartEvent(p.source ?? 'startup');
      Object.assign(eff, common(out));
      const ctx = out?.getAdditionalContext();
      if (ctx) eff.context = ctx;
      break;
    }
    case E.SessionEnd: await hs.fireSessionEndEvent(p.reason ?? 'exit'); break;
    case E.PreCompress: await hs.firePreCompressEvent(p.trigger ?? 'manual'); break;
    case E.Notification: await h.fireNotificationEvent(p.notification_type ?? 'ToolPermission', p.message ?? 'Tool x requires execution', p.details ?? {}); break;
    default: throw new Error(`unknown Gemini event ${job.event}`);
  }
  return { effect: eff };
}

// The payload a hook receives is what Gemini builds (createBaseInput + event fields); a scenario
// may capture it with a hook writing stdin to a file, compared by the harness.
const jobs = JSON.parse(fs.readFileSync(process.argv[4], 'utf8'));
const conc = Number(process.env.CONFORMANCE_JOBS || 2);
let next = 0;
async function worker() {
  while (next < jobs.length) {
    const job = jobs[next++];
    let res;
    try { res = await runJob(job); } catch (e) { res = { error: String(e?.stack || e) }; }
    fs.writeSync(outFd, JSON.stringify({ id: job.id, ...res }) + '\n');
  }
}
await Promise.all(Array.from({ length: conc }, worker));
process.exit(0);
