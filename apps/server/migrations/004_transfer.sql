-- An agent hands a chat to a colleague: who it came from and the note for the new agent.
alter table sessions add column transferred_from text;
alter table sessions add column transfer_note text;
