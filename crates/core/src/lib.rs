//! The core of astar-lab: grid maps, MovingAI map and scenario files, the search
//! rules, and **one** generic A* ([`Search`]) that is parameterised by its open list.
//!
//! The design choice that matters here is that the open list is the *only* thing
//! that varies between strategies. Every key pushed to OPEN is a [`Key`] that
//! orders nodes strictly and totally — by F, then by the tie policy, then by node
//! id — so every correct [`OpenList`] pops exactly the same sequence and every
//! strategy performs exactly the same search: same expansions, same path, same cost.
//!
//! Search state lives in one dense per-cell array (G and a tag side by side) that
//! is reused across searches; a generation stamp in the tag makes "clear the map"
//! free, and nothing is hashed or allocated per expansion.

pub mod grid;
pub mod key;
pub mod map_file;
pub mod open_list;
pub mod query;
pub mod replay;
pub mod rules;
pub mod scen;
pub mod search;
pub mod verify;

pub use grid::{Grid, GridError, NodeId, Point, DIRECTIONS};
pub use key::Key;
pub use map_file::{parse_map, MapError};
pub use open_list::{
    insert_descending, spread_keys_over_cells, spread_over_cells, steps_fit_window, OpenList,
    Unsupported,
};
pub use query::Query;
pub use replay::{Floor, LazyReplayList, Replay, ReplayList};
pub use rules::{
    ClosedNodes, CostModel, Costs, GoalTest, Heuristic, Moves, NeighbourOrder, Rules, StepRule,
    TiePolicy,
};
pub use scen::{parse_scen, ScenError, Scenario, ScenarioRow};
pub use search::{
    check_endpoint, heuristic, Counters, ExpansionLog, NoObserver, NodeState, Observer, Outcome,
    Search, SearchError, SearchReport, SEARCH_BYTES_PER_NODE,
};
