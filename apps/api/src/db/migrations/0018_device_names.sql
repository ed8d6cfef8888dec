-- A device's own name, given by an administrator or user (null: the default, its model and the end of its MAC).
ALTER TABLE "devices" ADD COLUMN "name" text;
