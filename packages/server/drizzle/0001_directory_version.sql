CREATE TABLE "directory_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
