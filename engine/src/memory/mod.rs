//! Memory for the large tables of the search and the mate solver: zero-filled allocations
//! that may ask for huge pages ([`zeroed`]) and a cache prefetch hint ([`prefetch`]). Both the
//! transposition table and the solver's table use them, so they sit below both.

pub(crate) mod prefetch;
pub(crate) mod zeroed;
