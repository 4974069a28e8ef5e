//! Commands (registration checked as Discord checks it), the guild's channels, members and
//! roles (granting a role needs MANAGE_ROLES and a higher role, `topics/permissions.mdx`,
//! Permission Hierarchy).

use axum::http::StatusCode;
use serde_json::Value;

use super::super::validate;
use super::super::{APPLICATION_ID, GUILD_ID, Inner, State, payloads, perms};
use super::{Reply, Req, err, id_of, missing, not_found, refuse};

fn register(inner: &Inner, body: &Value, guild: Option<u64>) -> Vec<Value> {
    body.as_array()
        .map(|cmds| {
            cmds.iter()
                .map(|c| payloads::command(c, inner.new_id(), guild))
                .collect()
        })
        .unwrap_or_default()
}

/// `/applications/{app}/commands…` and `/applications/{app}/guilds/{g}/commands…`.
pub(super) fn commands(inner: &Inner, st: &mut State, req: &Req, seg: &[&str]) -> Reply {
    let body = req.body();
    let (guild, rest) = match seg {
        ["applications", _, "guilds", g, "commands", rest @ ..] => {
            (Some(id_of(g).unwrap_or(0)), rest)
        }
        ["applications", _, "commands", rest @ ..] => (None, rest),
        _ => return not_found(req.method, req.path),
    };
    match (req.method, rest) {
        ("PUT", []) => {
            if let Err(r) = validate::command_list(body) {
                return refuse(st, req, r, None);
            }
            let cmds = register(inner, body, guild);
            match guild {
                Some(g) => {
                    st.guild_commands.insert(g, cmds.clone());
                }
                None => st.global_commands = cmds.clone(),
            }
            Reply::Json(StatusCode::OK, Value::Array(cmds))
        }
        ("GET", []) => {
            let list = match guild {
                Some(g) => st.guild_commands.get(&g).cloned().unwrap_or_default(),
                None => st.global_commands.clone(),
            };
            Reply::Json(StatusCode::OK, Value::Array(list))
        }
        ("POST", []) => {
            if let Err(r) = validate::command(body) {
                return refuse(st, req, r, None);
            }
            let c = payloads::command(body, inner.new_id(), guild);
            let list = match guild {
                Some(g) => st.guild_commands.entry(g).or_default(),
                None => &mut st.global_commands,
            };
            list.retain(|x| x["name"] != c["name"]);
            list.push(c.clone());
            Reply::Json(StatusCode::CREATED, c)
        }
        ("DELETE", [cid]) => {
            let list = match guild {
                Some(g) => st.guild_commands.entry(g).or_default(),
                None => &mut st.global_commands,
            };
            list.retain(|x| x["id"] != *cid);
            Reply::Empty
        }
        _ => not_found(req.method, req.path),
    }
}

/// `/guilds/{g}/…`: channels, members, member roles, roles.
pub(super) fn guilds(inner: &Inner, st: &mut State, req: &Req, seg: &[&str]) -> Reply {
    let body = req.body();
    match (req.method, seg) {
        ("GET", ["guilds", g, "channels"]) if id_of(g) == Some(GUILD_ID) => Reply::Json(
            StatusCode::OK,
            Value::Array(
                st.channels
                    .values()
                    .filter(|c| c.kind == 0)
                    .map(payloads::channel)
                    .collect(),
            ),
        ),
        ("GET", ["guilds", g, "members", u]) if id_of(g) == Some(GUILD_ID) => {
            let u = id_of(u).unwrap_or(0);
            if u == APPLICATION_ID {
                return Reply::Json(StatusCode::OK, payloads::bot_member(st));
            }
            match st.users.get(&u) {
                Some(user) => Reply::Json(
                    StatusCode::OK,
                    payloads::member(user, &st.roles_of(user), false),
                ),
                None => err(StatusCode::NOT_FOUND, 10007, "Unknown Member"),
            }
        }
        ("PUT" | "DELETE", ["guilds", g, "members", u, "roles", r])
            if id_of(g) == Some(GUILD_ID) =>
        {
            let (u, r) = (id_of(u).unwrap_or(0), id_of(r).unwrap_or(0));
            if !st.roles.contains_key(&r) {
                return err(StatusCode::NOT_FOUND, 10011, "Unknown Role");
            }
            if !st.users.contains_key(&u) && u != APPLICATION_ID {
                return err(StatusCode::NOT_FOUND, 10007, "Unknown Member");
            }
            if st.bot_guild_permissions() & perms::MANAGE_ROLES == 0 {
                return missing("MANAGE_ROLES", GUILD_ID);
            }
            let (top, pos) = (st.bot_highest_position(), st.role_position(r).unwrap_or(0));
            if pos >= top {
                eprintln!(
                    "[fake-discord] refused: role {r} is at position {pos}, not below the bot's highest role (position {top}) → 403 50013"
                );
                return err(StatusCode::FORBIDDEN, 50013, "Missing Permissions");
            }
            let set = st.member_roles.entry(u).or_default();
            if req.method == "PUT" {
                set.insert(r);
            } else {
                set.remove(&r);
            }
            Reply::Empty
        }
        ("GET", ["guilds", g, "roles"]) if id_of(g) == Some(GUILD_ID) => {
            let mut roles: Vec<Value> = st.roles.values().cloned().collect();
            roles.sort_by_key(|r| r["position"].as_u64().unwrap_or(0));
            Reply::Json(StatusCode::OK, Value::Array(roles))
        }
        ("POST", ["guilds", g, "roles"]) if id_of(g) == Some(GUILD_ID) => {
            if let Err(r) = validate::role_create(body) {
                return refuse(st, req, r, None);
            }
            if body
                .get("icon")
                .or(body.get("unicode_emoji"))
                .is_some_and(|v| !v.is_null())
            {
                eprintln!(
                    "[fake-discord] refused: a role icon needs the guild feature ROLE_ICONS → 400 50101"
                );
                return err(
                    StatusCode::BAD_REQUEST,
                    50101,
                    "This server needs more boosts to perform this action",
                );
            }
            if st.roles.len() >= validate::MAX_ROLES {
                eprintln!("[fake-discord] refused: the guild has 250 roles → 400 30005");
                return err(
                    StatusCode::BAD_REQUEST,
                    30005,
                    "Maximum number of guild roles reached (250)",
                );
            }
            let mine = st.bot_guild_permissions();
            if mine & perms::MANAGE_ROLES == 0 {
                return missing("MANAGE_ROLES", GUILD_ID);
            }
            let asked = body["permissions"]
                .as_str()
                .and_then(id_of)
                .or_else(|| body["permissions"].as_u64())
                .unwrap_or(0);
            if asked & !mine != 0 && mine & perms::ADMINISTRATOR == 0 {
                return missing("the permissions it would grant the new role", GUILD_ID);
            }
            let id = inner.new_id();
            let mut role =
                payloads::role(id, body["name"].as_str().unwrap_or("new role"), asked, 1);
            for k in ["color", "hoist", "mentionable", "unicode_emoji"] {
                if let Some(v) = body.get(k) {
                    role[k] = v.clone();
                }
            }
            role["colors"]["primary_color"] = role["color"].clone();
            // A new role is created at the bottom, just above @everyone.
            st.insert_role(role, 1);
            Reply::Json(StatusCode::OK, st.roles[&id].clone())
        }
        _ => not_found(req.method, req.path),
    }
}
