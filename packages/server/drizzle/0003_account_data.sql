CREATE TABLE "account_tokens" (
	"chain_id" text NOT NULL,
	"account" text NOT NULL,
	"token" text NOT NULL,
	"kind" text NOT NULL,
	"first_block" bigint NOT NULL,
	CONSTRAINT "account_tokens_chain_id_account_token_pk" PRIMARY KEY("chain_id","account","token")
);
--> statement-breakpoint
CREATE TABLE "account_transactions" (
	"account" text NOT NULL,
	"chain_id" text NOT NULL,
	"block_number" bigint NOT NULL,
	"tx_index" integer NOT NULL,
	"mined_at" bigint NOT NULL,
	CONSTRAINT "account_transactions_account_chain_id_block_number_tx_index_pk" PRIMARY KEY("account","chain_id","block_number","tx_index")
);
--> statement-breakpoint
CREATE TABLE "chain_transactions" (
	"chain_id" text NOT NULL,
	"block_number" bigint NOT NULL,
	"tx_index" integer NOT NULL,
	"hash" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text,
	"contract_address" text,
	"value" numeric(78, 0) NOT NULL,
	"nonce" bigint NOT NULL,
	"status" text NOT NULL,
	"mined_at" bigint NOT NULL,
	CONSTRAINT "chain_transactions_chain_id_block_number_tx_index_pk" PRIMARY KEY("chain_id","block_number","tx_index")
);
--> statement-breakpoint
CREATE TABLE "chain_transfers" (
	"chain_id" text NOT NULL,
	"block_number" bigint NOT NULL,
	"tx_index" integer NOT NULL,
	"log_index" integer NOT NULL,
	"batch_index" integer NOT NULL,
	"kind" text NOT NULL,
	"token" text,
	"token_id" numeric(78, 0),
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	CONSTRAINT "chain_transfers_chain_id_block_number_tx_index_log_index_batch_index_pk" PRIMARY KEY("chain_id","block_number","tx_index","log_index","batch_index"),
	CONSTRAINT "chain_transfers_kind" CHECK ("chain_transfers"."kind" in ('native', 'erc20', 'erc721', 'erc1155'))
);
--> statement-breakpoint
CREATE TABLE "indexed_blocks" (
	"chain_id" text NOT NULL,
	"number" bigint NOT NULL,
	"hash" text NOT NULL,
	"parent_hash" text NOT NULL,
	CONSTRAINT "indexed_blocks_chain_id_number_pk" PRIMARY KEY("chain_id","number")
);
--> statement-breakpoint
CREATE TABLE "indexer_cursors" (
	"chain_id" text PRIMARY KEY NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "indexer_leases" (
	"chain_id" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "names" (
	"name" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"avatar" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "names_address_lower" CHECK ("names"."address" = lower("names"."address"))
);
--> statement-breakpoint
CREATE TABLE "nft_metadata" (
	"chain_id" text NOT NULL,
	"contract" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"uri" text,
	"name" text,
	"image" text,
	CONSTRAINT "nft_metadata_chain_id_contract_token_id_pk" PRIMARY KEY("chain_id","contract","token_id")
);
--> statement-breakpoint
CREATE TABLE "token_metadata" (
	"chain_id" text NOT NULL,
	"address" text NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"symbol" text,
	"decimals" integer,
	CONSTRAINT "token_metadata_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
CREATE INDEX "account_transactions_page_idx" ON "account_transactions" USING btree ("account","mined_at","chain_id","block_number","tx_index");--> statement-breakpoint
CREATE INDEX "account_transactions_block_idx" ON "account_transactions" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transactions_hash_idx" ON "chain_transactions" USING btree ("chain_id","hash");--> statement-breakpoint
CREATE INDEX "names_address_idx" ON "names" USING btree ("address","created_at");