//! The Discord adapter: decodes interactions into game commands and replies. It decides no rule.

pub mod custom_id;
pub mod i18n;
pub mod learn;
pub mod ui;
