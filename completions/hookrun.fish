# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_hookrun_global_optspecs
    string join \n C/project-dir= c/config= dialect= no-user-config trust-project v/verbose color= h/help V/version
end

function __fish_hookrun_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_hookrun_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_hookrun_using_subcommand
    set -l cmd (__fish_hookrun_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c hookrun -n "__fish_hookrun_needs_command" -s C -l project-dir -d 'Project directory (default: the current directory)' -r -F
complete -c hookrun -n "__fish_hookrun_needs_command" -s c -l config -d 'Configuration file to load instead of discovery (repeatable)' -r -F
complete -c hookrun -n "__fish_hookrun_needs_command" -l dialect -d 'Dialect of `-c` files whose path does not tell it' -r
complete -c hookrun -n "__fish_hookrun_needs_command" -l color -d 'When to colour human output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c hookrun -n "__fish_hookrun_needs_command" -l no-user-config -d 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
complete -c hookrun -n "__fish_hookrun_needs_command" -l trust-project -d 'Run the project\'s own hook files without a trust record (CI that means to run the checkout\'s hooks; see `hookrun trust`)'
complete -c hookrun -n "__fish_hookrun_needs_command" -s v -l verbose -d 'Trace what hookrun does to stderr'
complete -c hookrun -n "__fish_hookrun_needs_command" -s h -l help -d 'Print help'
complete -c hookrun -n "__fish_hookrun_needs_command" -s V -l version -d 'Print version'
complete -c hookrun -n "__fish_hookrun_needs_command" -f -a "fire" -d 'Run the hooks matching EVENT with the payload on stdin; print the merged decision JSON'
complete -c hookrun -n "__fish_hookrun_needs_command" -f -a "test" -d 'Run hook test files (`*.hooktest.toml|yaml|yml|json`) through the real fire pipeline'
complete -c hookrun -n "__fish_hookrun_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c hookrun -n "__fish_hookrun_needs_command" -f -a "schema" -d 'Print the JSON Schema of the decision document, of `hookrun.toml`, or of test files'
complete -c hookrun -n "__fish_hookrun_needs_command" -f -a "validate" -d 'Check every hook configuration and report each problem with file:line:col'
complete -c hookrun -n "__fish_hookrun_needs_command" -f -a "list" -d 'List the hooks hookrun sees, grouped by source file'
complete -c hookrun -n "__fish_hookrun_needs_command" -f -a "trust" -d 'Review the project\'s hook files and trust them to run (or list and revoke trust)'
complete -c hookrun -n "__fish_hookrun_needs_command" -f -a "init" -d 'Write a commented starter `hookrun.toml` and a test file that passes as written'
complete -c hookrun -n "__fish_hookrun_needs_command" -f -a "install" -d 'Wire hookrun into an agent\'s own configuration as its single hook for every event'
complete -c hookrun -n "__fish_hookrun_needs_command" -f -a "uninstall" -d 'Remove what `install` added to an agent\'s configuration'
complete -c hookrun -n "__fish_hookrun_needs_command" -f -a "hooks" -d 'List, add, change, remove and switch hooks in the agents\' own files'
complete -c hookrun -n "__fish_hookrun_needs_command" -f -a "guard" -d 'Run a built-in guard on the event payload on stdin: exit 2 with the reason on stderr to block, 0 to let it through (for other agents\' hook files)'
complete -c hookrun -n "__fish_hookrun_needs_command" -f -a "serve" -d 'Serve the project over HTTP: PRX\'s /api/hooks, POST /api/fire/EVENT, the /api/events bus'
complete -c hookrun -n "__fish_hookrun_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c hookrun -n "__fish_hookrun_using_subcommand fire" -l payload -d 'Read the payload from FILE instead of stdin' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand fire" -l set -d 'Set a payload field: `key.path=value` (JSON when it parses, else a string). Repeatable' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand fire" -l timeout -d 'Cap every hook\'s timeout (e.g. 500ms, 5s, 2m)' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand fire" -l output -d 'Answer in the calling agent\'s protocol (its JSON and exit codes); its own hook files are then skipped unless named with -c' -r -f -a "hookrun\t''
claude\t''
codex\t''
gemini\t''
cursor\t''
proxyai\t''
promptkit\t''
copilot\t''
qwen\t''
openplugins\t''
windsurf\t''
kiro\t''
cline\t''
droid\t''
auggie\t''
iflow\t''
openhands\t''
kimi\t''
vibe\t''
crush\t''"
complete -c hookrun -n "__fish_hookrun_using_subcommand fire" -l max-payload -d 'Largest payload accepted, in bytes' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand fire" -l record -d 'Append this fire (event, payload, actual result) as a new test to FILE (a `.hooktest.toml`)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand fire" -l log -d 'Append one JSON line describing this fire to FILE' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand fire" -s C -l project-dir -d 'Project directory (default: the current directory)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand fire" -s c -l config -d 'Configuration file to load instead of discovery (repeatable)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand fire" -l dialect -d 'Dialect of `-c` files whose path does not tell it' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand fire" -l color -d 'When to colour human output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c hookrun -n "__fish_hookrun_using_subcommand fire" -l strict -d 'Every hook failure blocks'
complete -c hookrun -n "__fish_hookrun_using_subcommand fire" -l pretty -d 'Pretty-print the decision JSON'
complete -c hookrun -n "__fish_hookrun_using_subcommand fire" -l dry-run -d 'Print the plan as JSON (every hook, matched or skipped and why); spawn nothing'
complete -c hookrun -n "__fish_hookrun_using_subcommand fire" -s q -l quiet -d 'No notes on stderr (an unknown event, no configuration, skipped own hooks); warnings about hooks that cannot run still show'
complete -c hookrun -n "__fish_hookrun_using_subcommand fire" -l no-cache -d 'Load the configuration files without the cache of what they loaded to (the cache is used only while every file it came from is unchanged; see the README\'s Performance)'
complete -c hookrun -n "__fish_hookrun_using_subcommand fire" -l no-user-config -d 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
complete -c hookrun -n "__fish_hookrun_using_subcommand fire" -l trust-project -d 'Run the project\'s own hook files without a trust record (CI that means to run the checkout\'s hooks; see `hookrun trust`)'
complete -c hookrun -n "__fish_hookrun_using_subcommand fire" -s v -l verbose -d 'Trace what hookrun does to stderr'
complete -c hookrun -n "__fish_hookrun_using_subcommand fire" -s h -l help -d 'Print help'
complete -c hookrun -n "__fish_hookrun_using_subcommand fire" -s V -l version -d 'Print version'
complete -c hookrun -n "__fish_hookrun_using_subcommand test" -l filter -d 'Run only the tests whose name contains TEXT' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand test" -l format -d 'Report format' -r -f -a "human\t''
json\t''
junit\t''
tap\t''"
complete -c hookrun -n "__fish_hookrun_using_subcommand test" -s C -l project-dir -d 'Project directory (default: the current directory)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand test" -s c -l config -d 'Configuration file to load instead of discovery (repeatable)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand test" -l dialect -d 'Dialect of `-c` files whose path does not tell it' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand test" -l color -d 'When to colour human output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c hookrun -n "__fish_hookrun_using_subcommand test" -l json -d 'The same as --format json'
complete -c hookrun -n "__fish_hookrun_using_subcommand test" -l no-user-config -d 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
complete -c hookrun -n "__fish_hookrun_using_subcommand test" -l trust-project -d 'Run the project\'s own hook files without a trust record (CI that means to run the checkout\'s hooks; see `hookrun trust`)'
complete -c hookrun -n "__fish_hookrun_using_subcommand test" -s v -l verbose -d 'Trace what hookrun does to stderr'
complete -c hookrun -n "__fish_hookrun_using_subcommand test" -s h -l help -d 'Print help'
complete -c hookrun -n "__fish_hookrun_using_subcommand test" -s V -l version -d 'Print version'
complete -c hookrun -n "__fish_hookrun_using_subcommand completions" -s C -l project-dir -d 'Project directory (default: the current directory)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand completions" -s c -l config -d 'Configuration file to load instead of discovery (repeatable)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand completions" -l dialect -d 'Dialect of `-c` files whose path does not tell it' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand completions" -l color -d 'When to colour human output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c hookrun -n "__fish_hookrun_using_subcommand completions" -l no-user-config -d 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
complete -c hookrun -n "__fish_hookrun_using_subcommand completions" -l trust-project -d 'Run the project\'s own hook files without a trust record (CI that means to run the checkout\'s hooks; see `hookrun trust`)'
complete -c hookrun -n "__fish_hookrun_using_subcommand completions" -s v -l verbose -d 'Trace what hookrun does to stderr'
complete -c hookrun -n "__fish_hookrun_using_subcommand completions" -s h -l help -d 'Print help'
complete -c hookrun -n "__fish_hookrun_using_subcommand completions" -s V -l version -d 'Print version'
complete -c hookrun -n "__fish_hookrun_using_subcommand schema" -s C -l project-dir -d 'Project directory (default: the current directory)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand schema" -s c -l config -d 'Configuration file to load instead of discovery (repeatable)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand schema" -l dialect -d 'Dialect of `-c` files whose path does not tell it' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand schema" -l color -d 'When to colour human output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c hookrun -n "__fish_hookrun_using_subcommand schema" -l no-user-config -d 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
complete -c hookrun -n "__fish_hookrun_using_subcommand schema" -l trust-project -d 'Run the project\'s own hook files without a trust record (CI that means to run the checkout\'s hooks; see `hookrun trust`)'
complete -c hookrun -n "__fish_hookrun_using_subcommand schema" -s v -l verbose -d 'Trace what hookrun does to stderr'
complete -c hookrun -n "__fish_hookrun_using_subcommand schema" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c hookrun -n "__fish_hookrun_using_subcommand schema" -s V -l version -d 'Print version'
complete -c hookrun -n "__fish_hookrun_using_subcommand validate" -l format -d 'Output format' -r -f -a "human\t'Text for people'
json\t'JSON for tools'"
complete -c hookrun -n "__fish_hookrun_using_subcommand validate" -s C -l project-dir -d 'Project directory (default: the current directory)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand validate" -s c -l config -d 'Configuration file to load instead of discovery (repeatable)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand validate" -l dialect -d 'Dialect of `-c` files whose path does not tell it' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand validate" -l color -d 'When to colour human output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c hookrun -n "__fish_hookrun_using_subcommand validate" -l strict -d 'Treat warnings as errors'
complete -c hookrun -n "__fish_hookrun_using_subcommand validate" -l json -d 'The same as --format json'
complete -c hookrun -n "__fish_hookrun_using_subcommand validate" -l no-user-config -d 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
complete -c hookrun -n "__fish_hookrun_using_subcommand validate" -l trust-project -d 'Run the project\'s own hook files without a trust record (CI that means to run the checkout\'s hooks; see `hookrun trust`)'
complete -c hookrun -n "__fish_hookrun_using_subcommand validate" -s v -l verbose -d 'Trace what hookrun does to stderr'
complete -c hookrun -n "__fish_hookrun_using_subcommand validate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c hookrun -n "__fish_hookrun_using_subcommand validate" -s V -l version -d 'Print version'
complete -c hookrun -n "__fish_hookrun_using_subcommand list" -l format -d 'Output format' -r -f -a "human\t'Text for people'
json\t'JSON for tools'"
complete -c hookrun -n "__fish_hookrun_using_subcommand list" -s C -l project-dir -d 'Project directory (default: the current directory)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand list" -s c -l config -d 'Configuration file to load instead of discovery (repeatable)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand list" -l dialect -d 'Dialect of `-c` files whose path does not tell it' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand list" -l color -d 'When to colour human output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c hookrun -n "__fish_hookrun_using_subcommand list" -l json -d 'The same as --format json'
complete -c hookrun -n "__fish_hookrun_using_subcommand list" -l no-user-config -d 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
complete -c hookrun -n "__fish_hookrun_using_subcommand list" -l trust-project -d 'Run the project\'s own hook files without a trust record (CI that means to run the checkout\'s hooks; see `hookrun trust`)'
complete -c hookrun -n "__fish_hookrun_using_subcommand list" -s v -l verbose -d 'Trace what hookrun does to stderr'
complete -c hookrun -n "__fish_hookrun_using_subcommand list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c hookrun -n "__fish_hookrun_using_subcommand list" -s V -l version -d 'Print version'
complete -c hookrun -n "__fish_hookrun_using_subcommand trust" -l revoke -d 'Forget the trust of a project (default: this one)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand trust" -s C -l project-dir -d 'Project directory (default: the current directory)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand trust" -s c -l config -d 'Configuration file to load instead of discovery (repeatable)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand trust" -l dialect -d 'Dialect of `-c` files whose path does not tell it' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand trust" -l color -d 'When to colour human output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c hookrun -n "__fish_hookrun_using_subcommand trust" -s y -l yes -d 'Trust without asking (required when stdin is not a terminal)'
complete -c hookrun -n "__fish_hookrun_using_subcommand trust" -l list -d 'List the trust store: every project and the files trusted in it'
complete -c hookrun -n "__fish_hookrun_using_subcommand trust" -l no-user-config -d 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
complete -c hookrun -n "__fish_hookrun_using_subcommand trust" -l trust-project -d 'Run the project\'s own hook files without a trust record (CI that means to run the checkout\'s hooks; see `hookrun trust`)'
complete -c hookrun -n "__fish_hookrun_using_subcommand trust" -s v -l verbose -d 'Trace what hookrun does to stderr'
complete -c hookrun -n "__fish_hookrun_using_subcommand trust" -s h -l help -d 'Print help'
complete -c hookrun -n "__fish_hookrun_using_subcommand trust" -s V -l version -d 'Print version'
complete -c hookrun -n "__fish_hookrun_using_subcommand init" -s C -l project-dir -d 'Project directory (default: the current directory)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand init" -s c -l config -d 'Configuration file to load instead of discovery (repeatable)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand init" -l dialect -d 'Dialect of `-c` files whose path does not tell it' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand init" -l color -d 'When to colour human output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c hookrun -n "__fish_hookrun_using_subcommand init" -l force -d 'Overwrite the files if they exist'
complete -c hookrun -n "__fish_hookrun_using_subcommand init" -l no-user-config -d 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
complete -c hookrun -n "__fish_hookrun_using_subcommand init" -l trust-project -d 'Run the project\'s own hook files without a trust record (CI that means to run the checkout\'s hooks; see `hookrun trust`)'
complete -c hookrun -n "__fish_hookrun_using_subcommand init" -s v -l verbose -d 'Trace what hookrun does to stderr'
complete -c hookrun -n "__fish_hookrun_using_subcommand init" -s h -l help -d 'Print help'
complete -c hookrun -n "__fish_hookrun_using_subcommand init" -s V -l version -d 'Print version'
complete -c hookrun -n "__fish_hookrun_using_subcommand install" -l command -d 'The hookrun program the agent runs (default: `hookrun`, found on PATH; with --user, this executable\'s absolute path)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand install" -s C -l project-dir -d 'Project directory (default: the current directory)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand install" -s c -l config -d 'Configuration file to load instead of discovery (repeatable)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand install" -l dialect -d 'Dialect of `-c` files whose path does not tell it' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand install" -l color -d 'When to colour human output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c hookrun -n "__fish_hookrun_using_subcommand install" -l user -d 'Edit the agent\'s user-level file instead of the project\'s'
complete -c hookrun -n "__fish_hookrun_using_subcommand install" -l dry-run -d 'Print what would change; write nothing'
complete -c hookrun -n "__fish_hookrun_using_subcommand install" -l no-user-config -d 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
complete -c hookrun -n "__fish_hookrun_using_subcommand install" -l trust-project -d 'Run the project\'s own hook files without a trust record (CI that means to run the checkout\'s hooks; see `hookrun trust`)'
complete -c hookrun -n "__fish_hookrun_using_subcommand install" -s v -l verbose -d 'Trace what hookrun does to stderr'
complete -c hookrun -n "__fish_hookrun_using_subcommand install" -s h -l help -d 'Print help'
complete -c hookrun -n "__fish_hookrun_using_subcommand install" -s V -l version -d 'Print version'
complete -c hookrun -n "__fish_hookrun_using_subcommand uninstall" -s C -l project-dir -d 'Project directory (default: the current directory)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand uninstall" -s c -l config -d 'Configuration file to load instead of discovery (repeatable)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand uninstall" -l dialect -d 'Dialect of `-c` files whose path does not tell it' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand uninstall" -l color -d 'When to colour human output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c hookrun -n "__fish_hookrun_using_subcommand uninstall" -l user -d 'Edit the agent\'s user-level file instead of the project\'s'
complete -c hookrun -n "__fish_hookrun_using_subcommand uninstall" -l dry-run -d 'Print what would change; write nothing'
complete -c hookrun -n "__fish_hookrun_using_subcommand uninstall" -l no-user-config -d 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
complete -c hookrun -n "__fish_hookrun_using_subcommand uninstall" -l trust-project -d 'Run the project\'s own hook files without a trust record (CI that means to run the checkout\'s hooks; see `hookrun trust`)'
complete -c hookrun -n "__fish_hookrun_using_subcommand uninstall" -s v -l verbose -d 'Trace what hookrun does to stderr'
complete -c hookrun -n "__fish_hookrun_using_subcommand uninstall" -s h -l help -d 'Print help'
complete -c hookrun -n "__fish_hookrun_using_subcommand uninstall" -s V -l version -d 'Print version'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and not __fish_seen_subcommand_from list add update rm enable disable help" -s C -l project-dir -d 'Project directory (default: the current directory)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and not __fish_seen_subcommand_from list add update rm enable disable help" -s c -l config -d 'Configuration file to load instead of discovery (repeatable)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and not __fish_seen_subcommand_from list add update rm enable disable help" -l dialect -d 'Dialect of `-c` files whose path does not tell it' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and not __fish_seen_subcommand_from list add update rm enable disable help" -l color -d 'When to colour human output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and not __fish_seen_subcommand_from list add update rm enable disable help" -l no-user-config -d 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and not __fish_seen_subcommand_from list add update rm enable disable help" -l trust-project -d 'Run the project\'s own hook files without a trust record (CI that means to run the checkout\'s hooks; see `hookrun trust`)'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and not __fish_seen_subcommand_from list add update rm enable disable help" -s v -l verbose -d 'Trace what hookrun does to stderr'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and not __fish_seen_subcommand_from list add update rm enable disable help" -s h -l help -d 'Print help'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and not __fish_seen_subcommand_from list add update rm enable disable help" -s V -l version -d 'Print version'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and not __fish_seen_subcommand_from list add update rm enable disable help" -f -a "list" -d 'List the hooks of every file `hookrun hooks` can edit, with their ids'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and not __fish_seen_subcommand_from list add update rm enable disable help" -f -a "add" -d 'Add a hook: `hookrun hooks add EVENT -- COMMAND [ARGS…]`'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and not __fish_seen_subcommand_from list add update rm enable disable help" -f -a "update" -d 'Change a hook\'s event, command, matcher, timeout, stdin or environment'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and not __fish_seen_subcommand_from list add update rm enable disable help" -f -a "rm" -d 'Remove a hook'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and not __fish_seen_subcommand_from list add update rm enable disable help" -f -a "enable" -d 'Switch a hook on'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and not __fish_seen_subcommand_from list add update rm enable disable help" -f -a "disable" -d 'Switch a hook off (or, with --all, every hook of the file)'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and not __fish_seen_subcommand_from list add update rm enable disable help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from list" -l file -d 'Only this file' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from list" -l format -d 'Output format' -r -f -a "human\t'Text for people'
json\t'JSON for tools'"
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from list" -s C -l project-dir -d 'Project directory (default: the current directory)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from list" -s c -l config -d 'Configuration file to load instead of discovery (repeatable)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from list" -l dialect -d 'Dialect of `-c` files whose path does not tell it' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from list" -l color -d 'When to colour human output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from list" -l json -d 'The same as --format json'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from list" -l no-user-config -d 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from list" -l trust-project -d 'Run the project\'s own hook files without a trust record (CI that means to run the checkout\'s hooks; see `hookrun trust`)'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Trace what hookrun does to stderr'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from add" -l file -d 'The file to edit (default: the first of the project\'s editable files, PRX\'s `hooks.json` first)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from add" -l matcher -d 'The matcher (Claude, Gemini, Cursor, ProxyAI, hookrun.toml)' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from add" -l timeout -d 'The hook\'s timeout (e.g. 500ms, 5s), written in the file\'s own unit' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from add" -l env -d 'Set a variable of the hook\'s environment (PRX, hookrun.toml; repeatable)' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from add" -s C -l project-dir -d 'Project directory (default: the current directory)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from add" -s c -l config -d 'Configuration file to load instead of discovery (repeatable)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from add" -l dialect -d 'Dialect of `-c` files whose path does not tell it' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from add" -l color -d 'When to colour human output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from add" -l stdin-json -d 'Give the hook the payload on stdin (PRX\'s `stdin_json`)'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from add" -l no-user-config -d 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from add" -l trust-project -d 'Run the project\'s own hook files without a trust record (CI that means to run the checkout\'s hooks; see `hookrun trust`)'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from add" -s v -l verbose -d 'Trace what hookrun does to stderr'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from add" -s h -l help -d 'Print help'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from add" -s V -l version -d 'Print version'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from update" -l event -d 'Move the hook to this event' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from update" -l file -d 'The file to edit (default: the first of the project\'s editable files, PRX\'s `hooks.json` first)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from update" -l matcher -d 'The matcher (Claude, Gemini, Cursor, ProxyAI, hookrun.toml)' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from update" -l timeout -d 'The hook\'s timeout (e.g. 500ms, 5s), written in the file\'s own unit' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from update" -l env -d 'Set a variable of the hook\'s environment (PRX, hookrun.toml; repeatable)' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from update" -l stdin-json -d 'Give the hook the payload on stdin, or not (PRX\'s `stdin_json`)' -r -f -a "true\t''
false\t''"
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from update" -s C -l project-dir -d 'Project directory (default: the current directory)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from update" -s c -l config -d 'Configuration file to load instead of discovery (repeatable)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from update" -l dialect -d 'Dialect of `-c` files whose path does not tell it' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from update" -l color -d 'When to colour human output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from update" -l no-user-config -d 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from update" -l trust-project -d 'Run the project\'s own hook files without a trust record (CI that means to run the checkout\'s hooks; see `hookrun trust`)'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from update" -s v -l verbose -d 'Trace what hookrun does to stderr'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from update" -s h -l help -d 'Print help'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from update" -s V -l version -d 'Print version'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from rm" -l file -d 'Look for the id in this file only' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from rm" -s C -l project-dir -d 'Project directory (default: the current directory)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from rm" -s c -l config -d 'Configuration file to load instead of discovery (repeatable)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from rm" -l dialect -d 'Dialect of `-c` files whose path does not tell it' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from rm" -l color -d 'When to colour human output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from rm" -l no-user-config -d 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from rm" -l trust-project -d 'Run the project\'s own hook files without a trust record (CI that means to run the checkout\'s hooks; see `hookrun trust`)'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from rm" -s v -l verbose -d 'Trace what hookrun does to stderr'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from rm" -s h -l help -d 'Print help'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from rm" -s V -l version -d 'Print version'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from enable" -l file -d 'The file (default: the one holding the id; with --all, the first editable file)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from enable" -s C -l project-dir -d 'Project directory (default: the current directory)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from enable" -s c -l config -d 'Configuration file to load instead of discovery (repeatable)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from enable" -l dialect -d 'Dialect of `-c` files whose path does not tell it' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from enable" -l color -d 'When to colour human output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from enable" -l all -d 'Every hook of the file, with the file\'s own switch (PRX and hookrun.toml `enabled`, Claude `disableAllHooks`, Gemini `hooksConfig.enabled`)'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from enable" -l no-user-config -d 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from enable" -l trust-project -d 'Run the project\'s own hook files without a trust record (CI that means to run the checkout\'s hooks; see `hookrun trust`)'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from enable" -s v -l verbose -d 'Trace what hookrun does to stderr'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from enable" -s h -l help -d 'Print help'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from enable" -s V -l version -d 'Print version'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from disable" -l file -d 'The file (default: the one holding the id; with --all, the first editable file)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from disable" -s C -l project-dir -d 'Project directory (default: the current directory)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from disable" -s c -l config -d 'Configuration file to load instead of discovery (repeatable)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from disable" -l dialect -d 'Dialect of `-c` files whose path does not tell it' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from disable" -l color -d 'When to colour human output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from disable" -l all -d 'Every hook of the file, with the file\'s own switch (PRX and hookrun.toml `enabled`, Claude `disableAllHooks`, Gemini `hooksConfig.enabled`)'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from disable" -l no-user-config -d 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from disable" -l trust-project -d 'Run the project\'s own hook files without a trust record (CI that means to run the checkout\'s hooks; see `hookrun trust`)'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from disable" -s v -l verbose -d 'Trace what hookrun does to stderr'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from disable" -s h -l help -d 'Print help'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from disable" -s V -l version -d 'Print version'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the hooks of every file `hookrun hooks` can edit, with their ids'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from help" -f -a "add" -d 'Add a hook: `hookrun hooks add EVENT -- COMMAND [ARGS…]`'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from help" -f -a "update" -d 'Change a hook\'s event, command, matcher, timeout, stdin or environment'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from help" -f -a "rm" -d 'Remove a hook'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from help" -f -a "enable" -d 'Switch a hook on'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from help" -f -a "disable" -d 'Switch a hook off (or, with --all, every hook of the file)'
complete -c hookrun -n "__fish_hookrun_using_subcommand hooks; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c hookrun -n "__fish_hookrun_using_subcommand guard" -s C -l project-dir -d 'Project directory (default: the current directory)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand guard" -s c -l config -d 'Configuration file to load instead of discovery (repeatable)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand guard" -l dialect -d 'Dialect of `-c` files whose path does not tell it' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand guard" -l color -d 'When to colour human output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c hookrun -n "__fish_hookrun_using_subcommand guard" -l no-user-config -d 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
complete -c hookrun -n "__fish_hookrun_using_subcommand guard" -l trust-project -d 'Run the project\'s own hook files without a trust record (CI that means to run the checkout\'s hooks; see `hookrun trust`)'
complete -c hookrun -n "__fish_hookrun_using_subcommand guard" -s v -l verbose -d 'Trace what hookrun does to stderr'
complete -c hookrun -n "__fish_hookrun_using_subcommand guard" -s h -l help -d 'Print help'
complete -c hookrun -n "__fish_hookrun_using_subcommand guard" -s V -l version -d 'Print version'
complete -c hookrun -n "__fish_hookrun_using_subcommand serve" -l addr -d 'Address to listen on; port 0 takes a free port. The bound address is printed on stdout. [default: 127.0.0.1:7433, or none with --socket]' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand serve" -l socket -d 'Listen on a Unix socket at PATH (mode 0600)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand serve" -l file -d 'The hook file /api/hooks edits (default: the first editable one, PRX\'s hooks.json first; hooks.json when there is none)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand serve" -l timeout -d 'Cap every hook\'s timeout (e.g. 500ms, 5s, 2m)' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand serve" -l max-body -d 'Largest request body accepted, in bytes' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand serve" -l grace -d 'At SIGINT or SIGTERM, how long running fires may go on before their hooks are ended' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand serve" -s C -l project-dir -d 'Project directory (default: the current directory)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand serve" -s c -l config -d 'Configuration file to load instead of discovery (repeatable)' -r -F
complete -c hookrun -n "__fish_hookrun_using_subcommand serve" -l dialect -d 'Dialect of `-c` files whose path does not tell it' -r
complete -c hookrun -n "__fish_hookrun_using_subcommand serve" -l color -d 'When to colour human output' -r -f -a "auto\t''
always\t''
never\t''"
complete -c hookrun -n "__fish_hookrun_using_subcommand serve" -l allow-remote -d 'Accept an --addr that is not a loopback address (every request still needs the token)'
complete -c hookrun -n "__fish_hookrun_using_subcommand serve" -l strict -d 'Every hook failure blocks, in every fire (as `fire --strict`)'
complete -c hookrun -n "__fish_hookrun_using_subcommand serve" -l no-user-config -d 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
complete -c hookrun -n "__fish_hookrun_using_subcommand serve" -l trust-project -d 'Run the project\'s own hook files without a trust record (CI that means to run the checkout\'s hooks; see `hookrun trust`)'
complete -c hookrun -n "__fish_hookrun_using_subcommand serve" -s v -l verbose -d 'Trace what hookrun does to stderr'
complete -c hookrun -n "__fish_hookrun_using_subcommand serve" -s h -l help -d 'Print help'
complete -c hookrun -n "__fish_hookrun_using_subcommand serve" -s V -l version -d 'Print version'
complete -c hookrun -n "__fish_hookrun_using_subcommand help; and not __fish_seen_subcommand_from fire test completions schema validate list trust init install uninstall hooks guard serve help" -f -a "fire" -d 'Run the hooks matching EVENT with the payload on stdin; print the merged decision JSON'
complete -c hookrun -n "__fish_hookrun_using_subcommand help; and not __fish_seen_subcommand_from fire test completions schema validate list trust init install uninstall hooks guard serve help" -f -a "test" -d 'Run hook test files (`*.hooktest.toml|yaml|yml|json`) through the real fire pipeline'
complete -c hookrun -n "__fish_hookrun_using_subcommand help; and not __fish_seen_subcommand_from fire test completions schema validate list trust init install uninstall hooks guard serve help" -f -a "completions" -d 'Print a shell completion script'
complete -c hookrun -n "__fish_hookrun_using_subcommand help; and not __fish_seen_subcommand_from fire test completions schema validate list trust init install uninstall hooks guard serve help" -f -a "schema" -d 'Print the JSON Schema of the decision document, of `hookrun.toml`, or of test files'
complete -c hookrun -n "__fish_hookrun_using_subcommand help; and not __fish_seen_subcommand_from fire test completions schema validate list trust init install uninstall hooks guard serve help" -f -a "validate" -d 'Check every hook configuration and report each problem with file:line:col'
complete -c hookrun -n "__fish_hookrun_using_subcommand help; and not __fish_seen_subcommand_from fire test completions schema validate list trust init install uninstall hooks guard serve help" -f -a "list" -d 'List the hooks hookrun sees, grouped by source file'
complete -c hookrun -n "__fish_hookrun_using_subcommand help; and not __fish_seen_subcommand_from fire test completions schema validate list trust init install uninstall hooks guard serve help" -f -a "trust" -d 'Review the project\'s hook files and trust them to run (or list and revoke trust)'
complete -c hookrun -n "__fish_hookrun_using_subcommand help; and not __fish_seen_subcommand_from fire test completions schema validate list trust init install uninstall hooks guard serve help" -f -a "init" -d 'Write a commented starter `hookrun.toml` and a test file that passes as written'
complete -c hookrun -n "__fish_hookrun_using_subcommand help; and not __fish_seen_subcommand_from fire test completions schema validate list trust init install uninstall hooks guard serve help" -f -a "install" -d 'Wire hookrun into an agent\'s own configuration as its single hook for every event'
complete -c hookrun -n "__fish_hookrun_using_subcommand help; and not __fish_seen_subcommand_from fire test completions schema validate list trust init install uninstall hooks guard serve help" -f -a "uninstall" -d 'Remove what `install` added to an agent\'s configuration'
complete -c hookrun -n "__fish_hookrun_using_subcommand help; and not __fish_seen_subcommand_from fire test completions schema validate list trust init install uninstall hooks guard serve help" -f -a "hooks" -d 'List, add, change, remove and switch hooks in the agents\' own files'
complete -c hookrun -n "__fish_hookrun_using_subcommand help; and not __fish_seen_subcommand_from fire test completions schema validate list trust init install uninstall hooks guard serve help" -f -a "guard" -d 'Run a built-in guard on the event payload on stdin: exit 2 with the reason on stderr to block, 0 to let it through (for other agents\' hook files)'
complete -c hookrun -n "__fish_hookrun_using_subcommand help; and not __fish_seen_subcommand_from fire test completions schema validate list trust init install uninstall hooks guard serve help" -f -a "serve" -d 'Serve the project over HTTP: PRX\'s /api/hooks, POST /api/fire/EVENT, the /api/events bus'
complete -c hookrun -n "__fish_hookrun_using_subcommand help; and not __fish_seen_subcommand_from fire test completions schema validate list trust init install uninstall hooks guard serve help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c hookrun -n "__fish_hookrun_using_subcommand help; and __fish_seen_subcommand_from hooks" -f -a "list" -d 'List the hooks of every file `hookrun hooks` can edit, with their ids'
complete -c hookrun -n "__fish_hookrun_using_subcommand help; and __fish_seen_subcommand_from hooks" -f -a "add" -d 'Add a hook: `hookrun hooks add EVENT -- COMMAND [ARGS…]`'
complete -c hookrun -n "__fish_hookrun_using_subcommand help; and __fish_seen_subcommand_from hooks" -f -a "update" -d 'Change a hook\'s event, command, matcher, timeout, stdin or environment'
complete -c hookrun -n "__fish_hookrun_using_subcommand help; and __fish_seen_subcommand_from hooks" -f -a "rm" -d 'Remove a hook'
complete -c hookrun -n "__fish_hookrun_using_subcommand help; and __fish_seen_subcommand_from hooks" -f -a "enable" -d 'Switch a hook on'
complete -c hookrun -n "__fish_hookrun_using_subcommand help; and __fish_seen_subcommand_from hooks" -f -a "disable" -d 'Switch a hook off (or, with --all, every hook of the file)'
