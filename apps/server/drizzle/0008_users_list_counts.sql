CREATE TABLE "customer_counts" (
	"status" text NOT NULL,
	"identity_status" text NOT NULL,
	"customers" bigint NOT NULL,
	CONSTRAINT "customer_counts_status_identity_status_pk" PRIMARY KEY("status","identity_status")
);
--> statement-breakpoint
-- The Users tab's totals: one row per (status, verification) of customers, moved by every insert,
-- delete and change of role, status or verification of a user (in the same transaction).
CREATE FUNCTION customer_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.role = 'client' THEN
    UPDATE customer_counts SET customers = customers - 1
      WHERE status = OLD.status AND identity_status = OLD.identity_status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.role = 'client' THEN
    INSERT INTO customer_counts (status, identity_status, customers)
      VALUES (NEW.status, NEW.identity_status, 1)
      ON CONFLICT (status, identity_status) DO UPDATE SET customers = customer_counts.customers + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_customer_counts AFTER INSERT OR DELETE OR UPDATE OF role, status, identity_status ON users
  FOR EACH ROW EXECUTE FUNCTION customer_counts_track();
--> statement-breakpoint
INSERT INTO customer_counts (status, identity_status, customers)
  SELECT status, identity_status, count(*) FROM users WHERE role = 'client' GROUP BY status, identity_status;
