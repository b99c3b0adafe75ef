//! Which provider a prompt or agent hook asks (the book, "Providers"): the `[llm]` table of
//! `hookrun.toml` and the environment, resolved into one [`Endpoint`]. A project's `[llm]` may
//! choose the `model` only: where requests go and which key they carry (`provider`, `base_url`,
//! `api_key_env`) count in the user-level file alone, so a checked-out project cannot send the
//! user's key, or the payloads, somewhere the user did not choose. Pure: the environment comes in
//! as a function.

/// The wire protocol of a provider.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Protocol {
    /// Anthropic's Messages API.
    Anthropic,
    /// OpenAI-compatible chat completions.
    OpenAi,
}

impl Protocol {
    /// The word `[llm] provider` takes.
    pub(crate) fn from_word(word: &str) -> Option<Protocol> {
        match word {
            "anthropic" => Some(Protocol::Anthropic),
            "openai" => Some(Protocol::OpenAi),
            _ => None,
        }
    }
}

/// One file's `[llm]` table, as its loader kept it (a project's holds its `model` only).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct LlmTable {
    pub(crate) provider: Option<Protocol>,
    pub(crate) base_url: Option<String>,
    pub(crate) api_key_env: Option<String>,
    pub(crate) model: Option<String>,
}

impl LlmTable {
    /// `self` with every field `over` sets replaced.
    pub(crate) fn overlaid(mut self, over: &LlmTable) -> LlmTable {
        if over.provider.is_some() {
            self.provider = over.provider;
        }
        for (mine, theirs) in [
            (&mut self.base_url, &over.base_url),
            (&mut self.api_key_env, &over.api_key_env),
            (&mut self.model, &over.model),
        ] {
            if theirs.is_some() {
                mine.clone_from(theirs);
            }
        }
        self
    }
}

/// Where one request goes and how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Endpoint {
    pub(crate) protocol: Protocol,
    pub(crate) url: String,
    /// The headers beside `Content-Type`: the key, Anthropic's version.
    pub(crate) headers: Vec<(String, String)>,
    pub(crate) model: String,
}

/// Anthropic's API when `ANTHROPIC_BASE_URL` does not say otherwise.
const ANTHROPIC_URL: &str = "https://api.anthropic.com";
/// OpenAI's API when `provider = "openai"` names no `base_url`.
const OPENAI_URL: &str = "https://api.openai.com/v1";
/// The model of an Anthropic prompt hook that names none: a fast one, as Claude Code uses.
pub(crate) const ANTHROPIC_DEFAULT_MODEL: &str = "claude-haiku-4-5";
/// Where the user-level table lives, for messages.
const USER_FILE: &str = "~/.config/hookrun/hookrun.toml";

/// Resolves the endpoint of a hook asking `hook_model` (its own `model`, when it names one) under
/// `table` (every `[llm]` overlaid) and the environment `env`. `Err` names what to set.
pub(crate) fn endpoint(
    table: &LlmTable,
    hook_model: Option<&str>,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<Endpoint, String> {
    let set = |name: &str| env(name).filter(|value| !value.is_empty());
    let protocol = match table.provider {
        Some(protocol) => protocol,
        None if table.base_url.is_some() => Protocol::OpenAi,
        None if set("ANTHROPIC_API_KEY").is_some() || table.api_key_env.is_some() => {
            Protocol::Anthropic
        }
        None => {
            return Err(format!(
                "no model provider is configured: set ANTHROPIC_API_KEY, or `[llm] base_url` \
                 (an OpenAI-compatible endpoint, with `api_key_env` and `model`) in {USER_FILE}"
            ));
        }
    };
    let model = hook_model.or(table.model.as_deref());
    match protocol {
        Protocol::Anthropic => {
            let key_var = table.api_key_env.as_deref().unwrap_or("ANTHROPIC_API_KEY");
            let key = set(key_var).ok_or_else(|| {
                format!(
                    "no API key for Anthropic: set {key_var} (or name another variable in \
                     `[llm] api_key_env` in {USER_FILE})"
                )
            })?;
            let base = table
                .base_url
                .clone()
                .or_else(|| set("ANTHROPIC_BASE_URL"))
                .unwrap_or_else(|| ANTHROPIC_URL.to_owned());
            Ok(Endpoint {
                protocol,
                url: join(&base, "v1/messages"),
                headers: vec![
                    ("x-api-key".to_owned(), key),
                    (
                        "anthropic-version".to_owned(),
                        super::anthropic::VERSION.to_owned(),
                    ),
                ],
                model: model.unwrap_or(ANTHROPIC_DEFAULT_MODEL).to_owned(),
            })
        }
        Protocol::OpenAi => {
            let base = table.base_url.as_deref().unwrap_or(OPENAI_URL);
            // OpenAI's own API needs a key; a local server (Ollama, llama.cpp) usually none.
            let key_var = table
                .api_key_env
                .as_deref()
                .or((base == OPENAI_URL).then_some("OPENAI_API_KEY"));
            let mut headers = Vec::new();
            if let Some(key_var) = key_var {
                let key = set(key_var).ok_or_else(|| {
                    format!("no API key for {base}: `[llm] api_key_env` names {key_var}, which is not set")
                })?;
                headers.push(("Authorization".to_owned(), format!("Bearer {key}")));
            }
            let model = model.ok_or_else(|| {
                format!(
                    "no model for {base}: set the hook's `model` or `[llm] model` in hookrun.toml"
                )
            })?;
            Ok(Endpoint {
                protocol,
                url: join(base, "chat/completions"),
                headers,
                model: model.to_owned(),
            })
        }
    }
}

/// `base` + `/` + `path`, unless `base` already ends with `path`.
fn join(base: &str, path: &str) -> String {
    let base = base.trim_end_matches('/');
    if base.ends_with(path) {
        base.to_owned()
    } else {
        format!("{base}/{path}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env_of(pairs: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> {
        move |name| {
            pairs
                .iter()
                .find(|(key, _)| *key == name)
                .map(|(_, value)| (*value).to_owned())
        }
    }

    #[test]
    fn anthropic_from_the_environment() {
        let env = env_of(&[
            ("ANTHROPIC_API_KEY", "sk-1"),
            ("ANTHROPIC_BASE_URL", "http://127.0.0.1:9/"),
        ]);
        let endpoint = endpoint(&LlmTable::default(), None, &env).unwrap();
        assert_eq!(endpoint.protocol, Protocol::Anthropic);
        assert_eq!(endpoint.url, "http://127.0.0.1:9/v1/messages");
        assert_eq!(endpoint.model, ANTHROPIC_DEFAULT_MODEL);
        assert!(
            endpoint
                .headers
                .contains(&("x-api-key".into(), "sk-1".into()))
        );
        assert!(
            endpoint
                .headers
                .contains(&("anthropic-version".into(), "2023-06-01".into()))
        );
    }

    #[test]
    fn a_base_url_means_an_openai_compatible_server() {
        let table = LlmTable {
            base_url: Some("http://localhost:11434/v1".into()),
            model: Some("llama3".into()),
            ..LlmTable::default()
        };
        let endpoint = endpoint(&table, Some("qwen"), &env_of(&[])).unwrap();
        assert_eq!(endpoint.protocol, Protocol::OpenAi);
        assert_eq!(endpoint.url, "http://localhost:11434/v1/chat/completions");
        assert_eq!(endpoint.model, "qwen", "the hook's model wins");
        assert!(endpoint.headers.is_empty(), "no key named, none sent");
        let keyed = LlmTable {
            api_key_env: Some("MY_KEY".into()),
            ..table
        };
        let endpoint = super::endpoint(&keyed, None, &env_of(&[("MY_KEY", "k")])).unwrap();
        assert_eq!(
            endpoint.headers,
            [("Authorization".into(), "Bearer k".into())]
        );
        assert_eq!(endpoint.model, "llama3");
    }

    #[test]
    fn what_is_missing_is_named() {
        let none = endpoint(&LlmTable::default(), None, &env_of(&[])).unwrap_err();
        assert!(
            none.contains("ANTHROPIC_API_KEY") && none.contains("base_url"),
            "{none}"
        );
        let table = LlmTable {
            provider: Some(Protocol::Anthropic),
            ..LlmTable::default()
        };
        let key = endpoint(&table, None, &env_of(&[])).unwrap_err();
        assert!(key.contains("set ANTHROPIC_API_KEY"), "{key}");
        let table = LlmTable {
            base_url: Some("http://x/v1".into()),
            api_key_env: Some("K".into()),
            model: Some("m".into()),
            ..LlmTable::default()
        };
        let unset = endpoint(&table, None, &env_of(&[])).unwrap_err();
        assert!(unset.contains("names K, which is not set"), "{unset}");
        let table = LlmTable {
            base_url: Some("http://x/v1".into()),
            ..LlmTable::default()
        };
        let model = endpoint(&table, None, &env_of(&[])).unwrap_err();
        assert!(model.contains("no model"), "{model}");
        let openai = LlmTable {
            provider: Some(Protocol::OpenAi),
            model: Some("gpt".into()),
            ..LlmTable::default()
        };
        let key = endpoint(&openai, None, &env_of(&[])).unwrap_err();
        assert!(key.contains("OPENAI_API_KEY"), "{key}");
    }

    #[test]
    fn overlaying_replaces_only_what_is_set() {
        let user = LlmTable {
            base_url: Some("http://u".into()),
            model: Some("a".into()),
            ..LlmTable::default()
        };
        let project = LlmTable {
            model: Some("b".into()),
            ..LlmTable::default()
        };
        let merged = user.overlaid(&project);
        assert_eq!(merged.base_url.as_deref(), Some("http://u"));
        assert_eq!(merged.model.as_deref(), Some("b"));
    }
}
