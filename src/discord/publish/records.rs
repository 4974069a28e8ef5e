//! Where the publisher posted things, read through the runtime: a read that fails is logged
//! and the step does without (reconcile tries again later).

use tracing::warn;

use crate::game::MatchId;
use crate::runtime::queries::BoardRecord;

use crate::discord::bot::Bot;

/// The board record of a game; `None` (logged) when there is none or it cannot be read: what
/// needs it then does without (reconcile tries again later).
pub async fn board_record(bot: &Bot, id: MatchId) -> Option<BoardRecord> {
    match bot.runtime.board_record(id).await {
        Ok(record) => record,
        Err(e) => {
            warn!(match_id = id.get(), error = %e, "cannot read where the board is");
            None
        }
    }
}
