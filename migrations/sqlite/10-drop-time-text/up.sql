-- The time controls and clocks as text, converted by 09 into their typed forms.
ALTER TABLE invitations DROP COLUMN time_control;
ALTER TABLE matches DROP COLUMN time_control;
ALTER TABLE matches DROP COLUMN clock_black;
ALTER TABLE matches DROP COLUMN clock_white;
