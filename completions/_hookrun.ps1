
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'hookrun' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'hookrun'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'hookrun' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('--project-dir', '--project-dir', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--dialect', '--dialect', [CompletionResultType]::ParameterName, 'Dialect of `-c` files whose path does not tell it')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--no-user-config', '--no-user-config', [CompletionResultType]::ParameterName, 'Do not load the user-level `~/.config/hookrun/hookrun.toml`')
            [CompletionResult]::new('--trust-project', '--trust-project', [CompletionResultType]::ParameterName, 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('fire', 'fire', [CompletionResultType]::ParameterValue, 'Run the hooks matching EVENT with the payload on stdin; print the merged decision JSON')
            [CompletionResult]::new('test', 'test', [CompletionResultType]::ParameterValue, 'Run hook test files (`*.hooktest.toml|yaml|yml|json`) through the real fire pipeline')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('schema', 'schema', [CompletionResultType]::ParameterValue, 'Print the JSON Schema of the decision document, of `hookrun.toml`, or of test files')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check every hook configuration and report each problem with file:line:col')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the hooks hookrun sees, grouped by source file')
            [CompletionResult]::new('trust', 'trust', [CompletionResultType]::ParameterValue, 'Review the project''s hook files and trust them to run (or list and revoke trust)')
            [CompletionResult]::new('init', 'init', [CompletionResultType]::ParameterValue, 'Write a commented starter `hookrun.toml` and a test file that passes as written')
            [CompletionResult]::new('install', 'install', [CompletionResultType]::ParameterValue, 'Wire hookrun into an agent''s own configuration as its single hook for every event')
            [CompletionResult]::new('uninstall', 'uninstall', [CompletionResultType]::ParameterValue, 'Remove what `install` added to an agent''s configuration')
            [CompletionResult]::new('hooks', 'hooks', [CompletionResultType]::ParameterValue, 'List, add, change, remove and switch hooks in the agents'' own files')
            [CompletionResult]::new('guard', 'guard', [CompletionResultType]::ParameterValue, 'Run a built-in guard on the event payload on stdin: exit 2 with the reason on stderr to block, 0 to let it through (for other agents'' hook files)')
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve the project over HTTP: PRX''s /api/hooks, POST /api/fire/EVENT, the /api/events bus')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'hookrun;fire' {
            [CompletionResult]::new('--payload', '--payload', [CompletionResultType]::ParameterName, 'Read the payload from FILE instead of stdin')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Set a payload field: `key.path=value` (JSON when it parses, else a string). Repeatable')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Cap every hook''s timeout (e.g. 500ms, 5s, 2m)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Answer in the calling agent''s protocol (its JSON and exit codes); its own hook files are then skipped unless named with -c')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest payload accepted, in bytes')
            [CompletionResult]::new('--record', '--record', [CompletionResultType]::ParameterName, 'Append this fire (event, payload, actual result) as a new test to FILE (a `.hooktest.toml`)')
            [CompletionResult]::new('--log', '--log', [CompletionResultType]::ParameterName, 'Append one JSON line describing this fire to FILE')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('--project-dir', '--project-dir', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--dialect', '--dialect', [CompletionResultType]::ParameterName, 'Dialect of `-c` files whose path does not tell it')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Every hook failure blocks')
            [CompletionResult]::new('--pretty', '--pretty', [CompletionResultType]::ParameterName, 'Pretty-print the decision JSON')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Print the plan as JSON (every hook, matched or skipped and why); spawn nothing')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No notes on stderr (an unknown event, no configuration, skipped own hooks); warnings about hooks that cannot run still show')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No notes on stderr (an unknown event, no configuration, skipped own hooks); warnings about hooks that cannot run still show')
            [CompletionResult]::new('--no-cache', '--no-cache', [CompletionResultType]::ParameterName, 'Load the configuration files without the cache of what they loaded to (the cache is used only while every file it came from is unchanged; see the README''s Performance)')
            [CompletionResult]::new('--no-user-config', '--no-user-config', [CompletionResultType]::ParameterName, 'Do not load the user-level `~/.config/hookrun/hookrun.toml`')
            [CompletionResult]::new('--trust-project', '--trust-project', [CompletionResultType]::ParameterName, 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'hookrun;test' {
            [CompletionResult]::new('--filter', '--filter', [CompletionResultType]::ParameterName, 'Run only the tests whose name contains TEXT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Report format')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('--project-dir', '--project-dir', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--dialect', '--dialect', [CompletionResultType]::ParameterName, 'Dialect of `-c` files whose path does not tell it')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'The same as --format json')
            [CompletionResult]::new('--no-user-config', '--no-user-config', [CompletionResultType]::ParameterName, 'Do not load the user-level `~/.config/hookrun/hookrun.toml`')
            [CompletionResult]::new('--trust-project', '--trust-project', [CompletionResultType]::ParameterName, 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'hookrun;completions' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('--project-dir', '--project-dir', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--dialect', '--dialect', [CompletionResultType]::ParameterName, 'Dialect of `-c` files whose path does not tell it')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--no-user-config', '--no-user-config', [CompletionResultType]::ParameterName, 'Do not load the user-level `~/.config/hookrun/hookrun.toml`')
            [CompletionResult]::new('--trust-project', '--trust-project', [CompletionResultType]::ParameterName, 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'hookrun;schema' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('--project-dir', '--project-dir', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--dialect', '--dialect', [CompletionResultType]::ParameterName, 'Dialect of `-c` files whose path does not tell it')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--no-user-config', '--no-user-config', [CompletionResultType]::ParameterName, 'Do not load the user-level `~/.config/hookrun/hookrun.toml`')
            [CompletionResult]::new('--trust-project', '--trust-project', [CompletionResultType]::ParameterName, 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'hookrun;validate' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('--project-dir', '--project-dir', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--dialect', '--dialect', [CompletionResultType]::ParameterName, 'Dialect of `-c` files whose path does not tell it')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Treat warnings as errors')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'The same as --format json')
            [CompletionResult]::new('--no-user-config', '--no-user-config', [CompletionResultType]::ParameterName, 'Do not load the user-level `~/.config/hookrun/hookrun.toml`')
            [CompletionResult]::new('--trust-project', '--trust-project', [CompletionResultType]::ParameterName, 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'hookrun;list' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('--project-dir', '--project-dir', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--dialect', '--dialect', [CompletionResultType]::ParameterName, 'Dialect of `-c` files whose path does not tell it')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'The same as --format json')
            [CompletionResult]::new('--no-user-config', '--no-user-config', [CompletionResultType]::ParameterName, 'Do not load the user-level `~/.config/hookrun/hookrun.toml`')
            [CompletionResult]::new('--trust-project', '--trust-project', [CompletionResultType]::ParameterName, 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'hookrun;trust' {
            [CompletionResult]::new('--revoke', '--revoke', [CompletionResultType]::ParameterName, 'Forget the trust of a project (default: this one)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('--project-dir', '--project-dir', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--dialect', '--dialect', [CompletionResultType]::ParameterName, 'Dialect of `-c` files whose path does not tell it')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Trust without asking (required when stdin is not a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Trust without asking (required when stdin is not a terminal)')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'List the trust store: every project and the files trusted in it')
            [CompletionResult]::new('--no-user-config', '--no-user-config', [CompletionResultType]::ParameterName, 'Do not load the user-level `~/.config/hookrun/hookrun.toml`')
            [CompletionResult]::new('--trust-project', '--trust-project', [CompletionResultType]::ParameterName, 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'hookrun;init' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('--project-dir', '--project-dir', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--dialect', '--dialect', [CompletionResultType]::ParameterName, 'Dialect of `-c` files whose path does not tell it')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Overwrite the files if they exist')
            [CompletionResult]::new('--no-user-config', '--no-user-config', [CompletionResultType]::ParameterName, 'Do not load the user-level `~/.config/hookrun/hookrun.toml`')
            [CompletionResult]::new('--trust-project', '--trust-project', [CompletionResultType]::ParameterName, 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'hookrun;install' {
            [CompletionResult]::new('--command', '--command', [CompletionResultType]::ParameterName, 'The hookrun program the agent runs (default: `hookrun`, found on PATH; with --user, this executable''s absolute path)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('--project-dir', '--project-dir', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--dialect', '--dialect', [CompletionResultType]::ParameterName, 'Dialect of `-c` files whose path does not tell it')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'Edit the agent''s user-level file instead of the project''s')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Print what would change; write nothing')
            [CompletionResult]::new('--no-user-config', '--no-user-config', [CompletionResultType]::ParameterName, 'Do not load the user-level `~/.config/hookrun/hookrun.toml`')
            [CompletionResult]::new('--trust-project', '--trust-project', [CompletionResultType]::ParameterName, 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'hookrun;uninstall' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('--project-dir', '--project-dir', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--dialect', '--dialect', [CompletionResultType]::ParameterName, 'Dialect of `-c` files whose path does not tell it')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'Edit the agent''s user-level file instead of the project''s')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Print what would change; write nothing')
            [CompletionResult]::new('--no-user-config', '--no-user-config', [CompletionResultType]::ParameterName, 'Do not load the user-level `~/.config/hookrun/hookrun.toml`')
            [CompletionResult]::new('--trust-project', '--trust-project', [CompletionResultType]::ParameterName, 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'hookrun;hooks' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('--project-dir', '--project-dir', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--dialect', '--dialect', [CompletionResultType]::ParameterName, 'Dialect of `-c` files whose path does not tell it')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--no-user-config', '--no-user-config', [CompletionResultType]::ParameterName, 'Do not load the user-level `~/.config/hookrun/hookrun.toml`')
            [CompletionResult]::new('--trust-project', '--trust-project', [CompletionResultType]::ParameterName, 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the hooks of every file `hookrun hooks` can edit, with their ids')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add a hook: `hookrun hooks add EVENT -- COMMAND [ARGS…]`')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change a hook''s event, command, matcher, timeout, stdin or environment')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove a hook')
            [CompletionResult]::new('enable', 'enable', [CompletionResultType]::ParameterValue, 'Switch a hook on')
            [CompletionResult]::new('disable', 'disable', [CompletionResultType]::ParameterValue, 'Switch a hook off (or, with --all, every hook of the file)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'hookrun;hooks;list' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Only this file')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('--project-dir', '--project-dir', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--dialect', '--dialect', [CompletionResultType]::ParameterName, 'Dialect of `-c` files whose path does not tell it')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'The same as --format json')
            [CompletionResult]::new('--no-user-config', '--no-user-config', [CompletionResultType]::ParameterName, 'Do not load the user-level `~/.config/hookrun/hookrun.toml`')
            [CompletionResult]::new('--trust-project', '--trust-project', [CompletionResultType]::ParameterName, 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'hookrun;hooks;add' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'The file to edit (default: the first of the project''s editable files, PRX''s `hooks.json` first)')
            [CompletionResult]::new('--matcher', '--matcher', [CompletionResultType]::ParameterName, 'The matcher (Claude, Gemini, Cursor, ProxyAI, hookrun.toml)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'The hook''s timeout (e.g. 500ms, 5s), written in the file''s own unit')
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'Set a variable of the hook''s environment (PRX, hookrun.toml; repeatable)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('--project-dir', '--project-dir', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--dialect', '--dialect', [CompletionResultType]::ParameterName, 'Dialect of `-c` files whose path does not tell it')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--stdin-json', '--stdin-json', [CompletionResultType]::ParameterName, 'Give the hook the payload on stdin (PRX''s `stdin_json`)')
            [CompletionResult]::new('--no-user-config', '--no-user-config', [CompletionResultType]::ParameterName, 'Do not load the user-level `~/.config/hookrun/hookrun.toml`')
            [CompletionResult]::new('--trust-project', '--trust-project', [CompletionResultType]::ParameterName, 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'hookrun;hooks;update' {
            [CompletionResult]::new('--event', '--event', [CompletionResultType]::ParameterName, 'Move the hook to this event')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'The file to edit (default: the first of the project''s editable files, PRX''s `hooks.json` first)')
            [CompletionResult]::new('--matcher', '--matcher', [CompletionResultType]::ParameterName, 'The matcher (Claude, Gemini, Cursor, ProxyAI, hookrun.toml)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'The hook''s timeout (e.g. 500ms, 5s), written in the file''s own unit')
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'Set a variable of the hook''s environment (PRX, hookrun.toml; repeatable)')
            [CompletionResult]::new('--stdin-json', '--stdin-json', [CompletionResultType]::ParameterName, 'Give the hook the payload on stdin, or not (PRX''s `stdin_json`)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('--project-dir', '--project-dir', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--dialect', '--dialect', [CompletionResultType]::ParameterName, 'Dialect of `-c` files whose path does not tell it')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--no-user-config', '--no-user-config', [CompletionResultType]::ParameterName, 'Do not load the user-level `~/.config/hookrun/hookrun.toml`')
            [CompletionResult]::new('--trust-project', '--trust-project', [CompletionResultType]::ParameterName, 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'hookrun;hooks;rm' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Look for the id in this file only')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('--project-dir', '--project-dir', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--dialect', '--dialect', [CompletionResultType]::ParameterName, 'Dialect of `-c` files whose path does not tell it')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--no-user-config', '--no-user-config', [CompletionResultType]::ParameterName, 'Do not load the user-level `~/.config/hookrun/hookrun.toml`')
            [CompletionResult]::new('--trust-project', '--trust-project', [CompletionResultType]::ParameterName, 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'hookrun;hooks;enable' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'The file (default: the one holding the id; with --all, the first editable file)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('--project-dir', '--project-dir', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--dialect', '--dialect', [CompletionResultType]::ParameterName, 'Dialect of `-c` files whose path does not tell it')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Every hook of the file, with the file''s own switch (PRX and hookrun.toml `enabled`, Claude `disableAllHooks`, Gemini `hooksConfig.enabled`)')
            [CompletionResult]::new('--no-user-config', '--no-user-config', [CompletionResultType]::ParameterName, 'Do not load the user-level `~/.config/hookrun/hookrun.toml`')
            [CompletionResult]::new('--trust-project', '--trust-project', [CompletionResultType]::ParameterName, 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'hookrun;hooks;disable' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'The file (default: the one holding the id; with --all, the first editable file)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('--project-dir', '--project-dir', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--dialect', '--dialect', [CompletionResultType]::ParameterName, 'Dialect of `-c` files whose path does not tell it')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Every hook of the file, with the file''s own switch (PRX and hookrun.toml `enabled`, Claude `disableAllHooks`, Gemini `hooksConfig.enabled`)')
            [CompletionResult]::new('--no-user-config', '--no-user-config', [CompletionResultType]::ParameterName, 'Do not load the user-level `~/.config/hookrun/hookrun.toml`')
            [CompletionResult]::new('--trust-project', '--trust-project', [CompletionResultType]::ParameterName, 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'hookrun;hooks;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the hooks of every file `hookrun hooks` can edit, with their ids')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add a hook: `hookrun hooks add EVENT -- COMMAND [ARGS…]`')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change a hook''s event, command, matcher, timeout, stdin or environment')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove a hook')
            [CompletionResult]::new('enable', 'enable', [CompletionResultType]::ParameterValue, 'Switch a hook on')
            [CompletionResult]::new('disable', 'disable', [CompletionResultType]::ParameterValue, 'Switch a hook off (or, with --all, every hook of the file)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'hookrun;hooks;help;list' {
            break
        }
        'hookrun;hooks;help;add' {
            break
        }
        'hookrun;hooks;help;update' {
            break
        }
        'hookrun;hooks;help;rm' {
            break
        }
        'hookrun;hooks;help;enable' {
            break
        }
        'hookrun;hooks;help;disable' {
            break
        }
        'hookrun;hooks;help;help' {
            break
        }
        'hookrun;guard' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('--project-dir', '--project-dir', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--dialect', '--dialect', [CompletionResultType]::ParameterName, 'Dialect of `-c` files whose path does not tell it')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--no-user-config', '--no-user-config', [CompletionResultType]::ParameterName, 'Do not load the user-level `~/.config/hookrun/hookrun.toml`')
            [CompletionResult]::new('--trust-project', '--trust-project', [CompletionResultType]::ParameterName, 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'hookrun;serve' {
            [CompletionResult]::new('--addr', '--addr', [CompletionResultType]::ParameterName, 'Address to listen on; port 0 takes a free port. The bound address is printed on stdout. [default: 127.0.0.1:7433, or none with --socket]')
            [CompletionResult]::new('--socket', '--socket', [CompletionResultType]::ParameterName, 'Listen on a Unix socket at PATH (mode 0600)')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'The hook file /api/hooks edits (default: the first editable one, PRX''s hooks.json first; hooks.json when there is none)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Cap every hook''s timeout (e.g. 500ms, 5s, 2m)')
            [CompletionResult]::new('--max-body', '--max-body', [CompletionResultType]::ParameterName, 'Largest request body accepted, in bytes')
            [CompletionResult]::new('--grace', '--grace', [CompletionResultType]::ParameterName, 'At SIGINT or SIGTERM, how long running fires may go on before their hooks are ended')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('--project-dir', '--project-dir', [CompletionResultType]::ParameterName, 'Project directory (default: the current directory)')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Configuration file to load instead of discovery (repeatable)')
            [CompletionResult]::new('--dialect', '--dialect', [CompletionResultType]::ParameterName, 'Dialect of `-c` files whose path does not tell it')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--allow-remote', '--allow-remote', [CompletionResultType]::ParameterName, 'Accept an --addr that is not a loopback address (every request still needs the token)')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Every hook failure blocks, in every fire (as `fire --strict`)')
            [CompletionResult]::new('--no-user-config', '--no-user-config', [CompletionResultType]::ParameterName, 'Do not load the user-level `~/.config/hookrun/hookrun.toml`')
            [CompletionResult]::new('--trust-project', '--trust-project', [CompletionResultType]::ParameterName, 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Trace what hookrun does to stderr')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'hookrun;help' {
            [CompletionResult]::new('fire', 'fire', [CompletionResultType]::ParameterValue, 'Run the hooks matching EVENT with the payload on stdin; print the merged decision JSON')
            [CompletionResult]::new('test', 'test', [CompletionResultType]::ParameterValue, 'Run hook test files (`*.hooktest.toml|yaml|yml|json`) through the real fire pipeline')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('schema', 'schema', [CompletionResultType]::ParameterValue, 'Print the JSON Schema of the decision document, of `hookrun.toml`, or of test files')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check every hook configuration and report each problem with file:line:col')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the hooks hookrun sees, grouped by source file')
            [CompletionResult]::new('trust', 'trust', [CompletionResultType]::ParameterValue, 'Review the project''s hook files and trust them to run (or list and revoke trust)')
            [CompletionResult]::new('init', 'init', [CompletionResultType]::ParameterValue, 'Write a commented starter `hookrun.toml` and a test file that passes as written')
            [CompletionResult]::new('install', 'install', [CompletionResultType]::ParameterValue, 'Wire hookrun into an agent''s own configuration as its single hook for every event')
            [CompletionResult]::new('uninstall', 'uninstall', [CompletionResultType]::ParameterValue, 'Remove what `install` added to an agent''s configuration')
            [CompletionResult]::new('hooks', 'hooks', [CompletionResultType]::ParameterValue, 'List, add, change, remove and switch hooks in the agents'' own files')
            [CompletionResult]::new('guard', 'guard', [CompletionResultType]::ParameterValue, 'Run a built-in guard on the event payload on stdin: exit 2 with the reason on stderr to block, 0 to let it through (for other agents'' hook files)')
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve the project over HTTP: PRX''s /api/hooks, POST /api/fire/EVENT, the /api/events bus')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'hookrun;help;fire' {
            break
        }
        'hookrun;help;test' {
            break
        }
        'hookrun;help;completions' {
            break
        }
        'hookrun;help;schema' {
            break
        }
        'hookrun;help;validate' {
            break
        }
        'hookrun;help;list' {
            break
        }
        'hookrun;help;trust' {
            break
        }
        'hookrun;help;init' {
            break
        }
        'hookrun;help;install' {
            break
        }
        'hookrun;help;uninstall' {
            break
        }
        'hookrun;help;hooks' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the hooks of every file `hookrun hooks` can edit, with their ids')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add a hook: `hookrun hooks add EVENT -- COMMAND [ARGS…]`')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change a hook''s event, command, matcher, timeout, stdin or environment')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove a hook')
            [CompletionResult]::new('enable', 'enable', [CompletionResultType]::ParameterValue, 'Switch a hook on')
            [CompletionResult]::new('disable', 'disable', [CompletionResultType]::ParameterValue, 'Switch a hook off (or, with --all, every hook of the file)')
            break
        }
        'hookrun;help;hooks;list' {
            break
        }
        'hookrun;help;hooks;add' {
            break
        }
        'hookrun;help;hooks;update' {
            break
        }
        'hookrun;help;hooks;rm' {
            break
        }
        'hookrun;help;hooks;enable' {
            break
        }
        'hookrun;help;hooks;disable' {
            break
        }
        'hookrun;help;guard' {
            break
        }
        'hookrun;help;serve' {
            break
        }
        'hookrun;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
