-- Up Migration
-- 0018: the year in review's `spend` (API.md "Year in review", issue 25): the priced records
-- bought in one year, found through an index instead of by reading every record of the crate.
-- Only records with a price and a purchase date are in it, and spin writes never change its
-- columns, so adding a spin costs nothing more.
CREATE INDEX records_user_purchased_idx ON records (user_id, purchased_on)
  WHERE purchased_on IS NOT NULL AND price_cents IS NOT NULL;
