
use builtin;
use str;

set edit:completion:arg-completer[hookrun] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'hookrun'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'hookrun'= {
            cand -C 'Project directory (default: the current directory)'
            cand --project-dir 'Project directory (default: the current directory)'
            cand -c 'Configuration file to load instead of discovery (repeatable)'
            cand --config 'Configuration file to load instead of discovery (repeatable)'
            cand --dialect 'Dialect of `-c` files whose path does not tell it'
            cand --color 'When to colour human output'
            cand --no-user-config 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
            cand --trust-project 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)'
            cand -v 'Trace what hookrun does to stderr'
            cand --verbose 'Trace what hookrun does to stderr'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand fire 'Run the hooks matching EVENT with the payload on stdin; print the merged decision JSON'
            cand test 'Run hook test files (`*.hooktest.toml|yaml|yml|json`) through the real fire pipeline'
            cand completions 'Print a shell completion script'
            cand schema 'Print the JSON Schema of the decision document, of `hookrun.toml`, or of test files'
            cand validate 'Check every hook configuration and report each problem with file:line:col'
            cand list 'List the hooks hookrun sees, grouped by source file'
            cand trust 'Review the project''s hook files and trust them to run (or list and revoke trust)'
            cand init 'Write a commented starter `hookrun.toml` and a test file that passes as written'
            cand install 'Wire hookrun into an agent''s own configuration as its single hook for every event'
            cand uninstall 'Remove what `install` added to an agent''s configuration'
            cand hooks 'List, add, change, remove and switch hooks in the agents'' own files'
            cand guard 'Run a built-in guard on the event payload on stdin: exit 2 with the reason on stderr to block, 0 to let it through (for other agents'' hook files)'
            cand serve 'Serve the project over HTTP: PRX''s /api/hooks, POST /api/fire/EVENT, the /api/events bus'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'hookrun;fire'= {
            cand --payload 'Read the payload from FILE instead of stdin'
            cand --set 'Set a payload field: `key.path=value` (JSON when it parses, else a string). Repeatable'
            cand --timeout 'Cap every hook''s timeout (e.g. 500ms, 5s, 2m)'
            cand --output 'Answer in the calling agent''s protocol (its JSON and exit codes); its own hook files are then skipped unless named with -c'
            cand --max-payload 'Largest payload accepted, in bytes'
            cand --record 'Append this fire (event, payload, actual result) as a new test to FILE (a `.hooktest.toml`)'
            cand --log 'Append one JSON line describing this fire to FILE'
            cand -C 'Project directory (default: the current directory)'
            cand --project-dir 'Project directory (default: the current directory)'
            cand -c 'Configuration file to load instead of discovery (repeatable)'
            cand --config 'Configuration file to load instead of discovery (repeatable)'
            cand --dialect 'Dialect of `-c` files whose path does not tell it'
            cand --color 'When to colour human output'
            cand --strict 'Every hook failure blocks'
            cand --pretty 'Pretty-print the decision JSON'
            cand --dry-run 'Print the plan as JSON (every hook, matched or skipped and why); spawn nothing'
            cand -q 'No notes on stderr (an unknown event, no configuration, skipped own hooks); warnings about hooks that cannot run still show'
            cand --quiet 'No notes on stderr (an unknown event, no configuration, skipped own hooks); warnings about hooks that cannot run still show'
            cand --no-cache 'Load the configuration files without the cache of what they loaded to (the cache is used only while every file it came from is unchanged; see the README''s Performance)'
            cand --no-user-config 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
            cand --trust-project 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)'
            cand -v 'Trace what hookrun does to stderr'
            cand --verbose 'Trace what hookrun does to stderr'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'hookrun;test'= {
            cand --filter 'Run only the tests whose name contains TEXT'
            cand --format 'Report format'
            cand -C 'Project directory (default: the current directory)'
            cand --project-dir 'Project directory (default: the current directory)'
            cand -c 'Configuration file to load instead of discovery (repeatable)'
            cand --config 'Configuration file to load instead of discovery (repeatable)'
            cand --dialect 'Dialect of `-c` files whose path does not tell it'
            cand --color 'When to colour human output'
            cand --json 'The same as --format json'
            cand --no-user-config 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
            cand --trust-project 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)'
            cand -v 'Trace what hookrun does to stderr'
            cand --verbose 'Trace what hookrun does to stderr'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'hookrun;completions'= {
            cand -C 'Project directory (default: the current directory)'
            cand --project-dir 'Project directory (default: the current directory)'
            cand -c 'Configuration file to load instead of discovery (repeatable)'
            cand --config 'Configuration file to load instead of discovery (repeatable)'
            cand --dialect 'Dialect of `-c` files whose path does not tell it'
            cand --color 'When to colour human output'
            cand --no-user-config 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
            cand --trust-project 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)'
            cand -v 'Trace what hookrun does to stderr'
            cand --verbose 'Trace what hookrun does to stderr'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'hookrun;schema'= {
            cand -C 'Project directory (default: the current directory)'
            cand --project-dir 'Project directory (default: the current directory)'
            cand -c 'Configuration file to load instead of discovery (repeatable)'
            cand --config 'Configuration file to load instead of discovery (repeatable)'
            cand --dialect 'Dialect of `-c` files whose path does not tell it'
            cand --color 'When to colour human output'
            cand --no-user-config 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
            cand --trust-project 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)'
            cand -v 'Trace what hookrun does to stderr'
            cand --verbose 'Trace what hookrun does to stderr'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'hookrun;validate'= {
            cand --format 'Output format'
            cand -C 'Project directory (default: the current directory)'
            cand --project-dir 'Project directory (default: the current directory)'
            cand -c 'Configuration file to load instead of discovery (repeatable)'
            cand --config 'Configuration file to load instead of discovery (repeatable)'
            cand --dialect 'Dialect of `-c` files whose path does not tell it'
            cand --color 'When to colour human output'
            cand --strict 'Treat warnings as errors'
            cand --json 'The same as --format json'
            cand --no-user-config 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
            cand --trust-project 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)'
            cand -v 'Trace what hookrun does to stderr'
            cand --verbose 'Trace what hookrun does to stderr'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'hookrun;list'= {
            cand --format 'Output format'
            cand -C 'Project directory (default: the current directory)'
            cand --project-dir 'Project directory (default: the current directory)'
            cand -c 'Configuration file to load instead of discovery (repeatable)'
            cand --config 'Configuration file to load instead of discovery (repeatable)'
            cand --dialect 'Dialect of `-c` files whose path does not tell it'
            cand --color 'When to colour human output'
            cand --json 'The same as --format json'
            cand --no-user-config 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
            cand --trust-project 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)'
            cand -v 'Trace what hookrun does to stderr'
            cand --verbose 'Trace what hookrun does to stderr'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'hookrun;trust'= {
            cand --revoke 'Forget the trust of a project (default: this one)'
            cand -C 'Project directory (default: the current directory)'
            cand --project-dir 'Project directory (default: the current directory)'
            cand -c 'Configuration file to load instead of discovery (repeatable)'
            cand --config 'Configuration file to load instead of discovery (repeatable)'
            cand --dialect 'Dialect of `-c` files whose path does not tell it'
            cand --color 'When to colour human output'
            cand -y 'Trust without asking (required when stdin is not a terminal)'
            cand --yes 'Trust without asking (required when stdin is not a terminal)'
            cand --list 'List the trust store: every project and the files trusted in it'
            cand --no-user-config 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
            cand --trust-project 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)'
            cand -v 'Trace what hookrun does to stderr'
            cand --verbose 'Trace what hookrun does to stderr'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'hookrun;init'= {
            cand -C 'Project directory (default: the current directory)'
            cand --project-dir 'Project directory (default: the current directory)'
            cand -c 'Configuration file to load instead of discovery (repeatable)'
            cand --config 'Configuration file to load instead of discovery (repeatable)'
            cand --dialect 'Dialect of `-c` files whose path does not tell it'
            cand --color 'When to colour human output'
            cand --force 'Overwrite the files if they exist'
            cand --no-user-config 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
            cand --trust-project 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)'
            cand -v 'Trace what hookrun does to stderr'
            cand --verbose 'Trace what hookrun does to stderr'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'hookrun;install'= {
            cand --command 'The hookrun program the agent runs (default: `hookrun`, found on PATH; with --user, this executable''s absolute path)'
            cand -C 'Project directory (default: the current directory)'
            cand --project-dir 'Project directory (default: the current directory)'
            cand -c 'Configuration file to load instead of discovery (repeatable)'
            cand --config 'Configuration file to load instead of discovery (repeatable)'
            cand --dialect 'Dialect of `-c` files whose path does not tell it'
            cand --color 'When to colour human output'
            cand --user 'Edit the agent''s user-level file instead of the project''s'
            cand --dry-run 'Print what would change; write nothing'
            cand --no-user-config 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
            cand --trust-project 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)'
            cand -v 'Trace what hookrun does to stderr'
            cand --verbose 'Trace what hookrun does to stderr'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'hookrun;uninstall'= {
            cand -C 'Project directory (default: the current directory)'
            cand --project-dir 'Project directory (default: the current directory)'
            cand -c 'Configuration file to load instead of discovery (repeatable)'
            cand --config 'Configuration file to load instead of discovery (repeatable)'
            cand --dialect 'Dialect of `-c` files whose path does not tell it'
            cand --color 'When to colour human output'
            cand --user 'Edit the agent''s user-level file instead of the project''s'
            cand --dry-run 'Print what would change; write nothing'
            cand --no-user-config 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
            cand --trust-project 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)'
            cand -v 'Trace what hookrun does to stderr'
            cand --verbose 'Trace what hookrun does to stderr'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'hookrun;hooks'= {
            cand -C 'Project directory (default: the current directory)'
            cand --project-dir 'Project directory (default: the current directory)'
            cand -c 'Configuration file to load instead of discovery (repeatable)'
            cand --config 'Configuration file to load instead of discovery (repeatable)'
            cand --dialect 'Dialect of `-c` files whose path does not tell it'
            cand --color 'When to colour human output'
            cand --no-user-config 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
            cand --trust-project 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)'
            cand -v 'Trace what hookrun does to stderr'
            cand --verbose 'Trace what hookrun does to stderr'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand list 'List the hooks of every file `hookrun hooks` can edit, with their ids'
            cand add 'Add a hook: `hookrun hooks add EVENT -- COMMAND [ARGS…]`'
            cand update 'Change a hook''s event, command, matcher, timeout, stdin or environment'
            cand rm 'Remove a hook'
            cand enable 'Switch a hook on'
            cand disable 'Switch a hook off (or, with --all, every hook of the file)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'hookrun;hooks;list'= {
            cand --file 'Only this file'
            cand --format 'Output format'
            cand -C 'Project directory (default: the current directory)'
            cand --project-dir 'Project directory (default: the current directory)'
            cand -c 'Configuration file to load instead of discovery (repeatable)'
            cand --config 'Configuration file to load instead of discovery (repeatable)'
            cand --dialect 'Dialect of `-c` files whose path does not tell it'
            cand --color 'When to colour human output'
            cand --json 'The same as --format json'
            cand --no-user-config 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
            cand --trust-project 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)'
            cand -v 'Trace what hookrun does to stderr'
            cand --verbose 'Trace what hookrun does to stderr'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'hookrun;hooks;add'= {
            cand --file 'The file to edit (default: the first of the project''s editable files, PRX''s `hooks.json` first)'
            cand --matcher 'The matcher (Claude, Gemini, Cursor, ProxyAI, hookrun.toml)'
            cand --timeout 'The hook''s timeout (e.g. 500ms, 5s), written in the file''s own unit'
            cand --env 'Set a variable of the hook''s environment (PRX, hookrun.toml; repeatable)'
            cand -C 'Project directory (default: the current directory)'
            cand --project-dir 'Project directory (default: the current directory)'
            cand -c 'Configuration file to load instead of discovery (repeatable)'
            cand --config 'Configuration file to load instead of discovery (repeatable)'
            cand --dialect 'Dialect of `-c` files whose path does not tell it'
            cand --color 'When to colour human output'
            cand --stdin-json 'Give the hook the payload on stdin (PRX''s `stdin_json`)'
            cand --no-user-config 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
            cand --trust-project 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)'
            cand -v 'Trace what hookrun does to stderr'
            cand --verbose 'Trace what hookrun does to stderr'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'hookrun;hooks;update'= {
            cand --event 'Move the hook to this event'
            cand --file 'The file to edit (default: the first of the project''s editable files, PRX''s `hooks.json` first)'
            cand --matcher 'The matcher (Claude, Gemini, Cursor, ProxyAI, hookrun.toml)'
            cand --timeout 'The hook''s timeout (e.g. 500ms, 5s), written in the file''s own unit'
            cand --env 'Set a variable of the hook''s environment (PRX, hookrun.toml; repeatable)'
            cand --stdin-json 'Give the hook the payload on stdin, or not (PRX''s `stdin_json`)'
            cand -C 'Project directory (default: the current directory)'
            cand --project-dir 'Project directory (default: the current directory)'
            cand -c 'Configuration file to load instead of discovery (repeatable)'
            cand --config 'Configuration file to load instead of discovery (repeatable)'
            cand --dialect 'Dialect of `-c` files whose path does not tell it'
            cand --color 'When to colour human output'
            cand --no-user-config 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
            cand --trust-project 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)'
            cand -v 'Trace what hookrun does to stderr'
            cand --verbose 'Trace what hookrun does to stderr'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'hookrun;hooks;rm'= {
            cand --file 'Look for the id in this file only'
            cand -C 'Project directory (default: the current directory)'
            cand --project-dir 'Project directory (default: the current directory)'
            cand -c 'Configuration file to load instead of discovery (repeatable)'
            cand --config 'Configuration file to load instead of discovery (repeatable)'
            cand --dialect 'Dialect of `-c` files whose path does not tell it'
            cand --color 'When to colour human output'
            cand --no-user-config 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
            cand --trust-project 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)'
            cand -v 'Trace what hookrun does to stderr'
            cand --verbose 'Trace what hookrun does to stderr'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'hookrun;hooks;enable'= {
            cand --file 'The file (default: the one holding the id; with --all, the first editable file)'
            cand -C 'Project directory (default: the current directory)'
            cand --project-dir 'Project directory (default: the current directory)'
            cand -c 'Configuration file to load instead of discovery (repeatable)'
            cand --config 'Configuration file to load instead of discovery (repeatable)'
            cand --dialect 'Dialect of `-c` files whose path does not tell it'
            cand --color 'When to colour human output'
            cand --all 'Every hook of the file, with the file''s own switch (PRX and hookrun.toml `enabled`, Claude `disableAllHooks`, Gemini `hooksConfig.enabled`)'
            cand --no-user-config 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
            cand --trust-project 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)'
            cand -v 'Trace what hookrun does to stderr'
            cand --verbose 'Trace what hookrun does to stderr'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'hookrun;hooks;disable'= {
            cand --file 'The file (default: the one holding the id; with --all, the first editable file)'
            cand -C 'Project directory (default: the current directory)'
            cand --project-dir 'Project directory (default: the current directory)'
            cand -c 'Configuration file to load instead of discovery (repeatable)'
            cand --config 'Configuration file to load instead of discovery (repeatable)'
            cand --dialect 'Dialect of `-c` files whose path does not tell it'
            cand --color 'When to colour human output'
            cand --all 'Every hook of the file, with the file''s own switch (PRX and hookrun.toml `enabled`, Claude `disableAllHooks`, Gemini `hooksConfig.enabled`)'
            cand --no-user-config 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
            cand --trust-project 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)'
            cand -v 'Trace what hookrun does to stderr'
            cand --verbose 'Trace what hookrun does to stderr'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'hookrun;hooks;help'= {
            cand list 'List the hooks of every file `hookrun hooks` can edit, with their ids'
            cand add 'Add a hook: `hookrun hooks add EVENT -- COMMAND [ARGS…]`'
            cand update 'Change a hook''s event, command, matcher, timeout, stdin or environment'
            cand rm 'Remove a hook'
            cand enable 'Switch a hook on'
            cand disable 'Switch a hook off (or, with --all, every hook of the file)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'hookrun;hooks;help;list'= {
        }
        &'hookrun;hooks;help;add'= {
        }
        &'hookrun;hooks;help;update'= {
        }
        &'hookrun;hooks;help;rm'= {
        }
        &'hookrun;hooks;help;enable'= {
        }
        &'hookrun;hooks;help;disable'= {
        }
        &'hookrun;hooks;help;help'= {
        }
        &'hookrun;guard'= {
            cand -C 'Project directory (default: the current directory)'
            cand --project-dir 'Project directory (default: the current directory)'
            cand -c 'Configuration file to load instead of discovery (repeatable)'
            cand --config 'Configuration file to load instead of discovery (repeatable)'
            cand --dialect 'Dialect of `-c` files whose path does not tell it'
            cand --color 'When to colour human output'
            cand --no-user-config 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
            cand --trust-project 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)'
            cand -v 'Trace what hookrun does to stderr'
            cand --verbose 'Trace what hookrun does to stderr'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'hookrun;serve'= {
            cand --addr 'Address to listen on; port 0 takes a free port. The bound address is printed on stdout. [default: 127.0.0.1:7433, or none with --socket]'
            cand --socket 'Listen on a Unix socket at PATH (mode 0600)'
            cand --file 'The hook file /api/hooks edits (default: the first editable one, PRX''s hooks.json first; hooks.json when there is none)'
            cand --timeout 'Cap every hook''s timeout (e.g. 500ms, 5s, 2m)'
            cand --max-body 'Largest request body accepted, in bytes'
            cand --grace 'At SIGINT or SIGTERM, how long running fires may go on before their hooks are ended'
            cand -C 'Project directory (default: the current directory)'
            cand --project-dir 'Project directory (default: the current directory)'
            cand -c 'Configuration file to load instead of discovery (repeatable)'
            cand --config 'Configuration file to load instead of discovery (repeatable)'
            cand --dialect 'Dialect of `-c` files whose path does not tell it'
            cand --color 'When to colour human output'
            cand --allow-remote 'Accept an --addr that is not a loopback address (every request still needs the token)'
            cand --strict 'Every hook failure blocks, in every fire (as `fire --strict`)'
            cand --no-user-config 'Do not load the user-level `~/.config/hookrun/hookrun.toml`'
            cand --trust-project 'Run the project''s own hook files without a trust record (CI that means to run the checkout''s hooks; see `hookrun trust`)'
            cand -v 'Trace what hookrun does to stderr'
            cand --verbose 'Trace what hookrun does to stderr'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'hookrun;help'= {
            cand fire 'Run the hooks matching EVENT with the payload on stdin; print the merged decision JSON'
            cand test 'Run hook test files (`*.hooktest.toml|yaml|yml|json`) through the real fire pipeline'
            cand completions 'Print a shell completion script'
            cand schema 'Print the JSON Schema of the decision document, of `hookrun.toml`, or of test files'
            cand validate 'Check every hook configuration and report each problem with file:line:col'
            cand list 'List the hooks hookrun sees, grouped by source file'
            cand trust 'Review the project''s hook files and trust them to run (or list and revoke trust)'
            cand init 'Write a commented starter `hookrun.toml` and a test file that passes as written'
            cand install 'Wire hookrun into an agent''s own configuration as its single hook for every event'
            cand uninstall 'Remove what `install` added to an agent''s configuration'
            cand hooks 'List, add, change, remove and switch hooks in the agents'' own files'
            cand guard 'Run a built-in guard on the event payload on stdin: exit 2 with the reason on stderr to block, 0 to let it through (for other agents'' hook files)'
            cand serve 'Serve the project over HTTP: PRX''s /api/hooks, POST /api/fire/EVENT, the /api/events bus'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'hookrun;help;fire'= {
        }
        &'hookrun;help;test'= {
        }
        &'hookrun;help;completions'= {
        }
        &'hookrun;help;schema'= {
        }
        &'hookrun;help;validate'= {
        }
        &'hookrun;help;list'= {
        }
        &'hookrun;help;trust'= {
        }
        &'hookrun;help;init'= {
        }
        &'hookrun;help;install'= {
        }
        &'hookrun;help;uninstall'= {
        }
        &'hookrun;help;hooks'= {
            cand list 'List the hooks of every file `hookrun hooks` can edit, with their ids'
            cand add 'Add a hook: `hookrun hooks add EVENT -- COMMAND [ARGS…]`'
            cand update 'Change a hook''s event, command, matcher, timeout, stdin or environment'
            cand rm 'Remove a hook'
            cand enable 'Switch a hook on'
            cand disable 'Switch a hook off (or, with --all, every hook of the file)'
        }
        &'hookrun;help;hooks;list'= {
        }
        &'hookrun;help;hooks;add'= {
        }
        &'hookrun;help;hooks;update'= {
        }
        &'hookrun;help;hooks;rm'= {
        }
        &'hookrun;help;hooks;enable'= {
        }
        &'hookrun;help;hooks;disable'= {
        }
        &'hookrun;help;guard'= {
        }
        &'hookrun;help;serve'= {
        }
        &'hookrun;help;help'= {
        }
    ]
    $completions[$command]
}
