-- hand-written: commit checks
-- A money transaction's last statements leave with its COMMIT behind them (docs/decisions/041), so what they check must fail in the database, where a failure aborts the
-- transaction and PostgreSQL answers that COMMIT with a rollback: candor_require(ok, failure) answers
-- true, or raises `failure` with SQLSTATE CR001 (lib/transactions.ts reads it back).
CREATE FUNCTION candor_require(ok boolean, failure text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION USING ERRCODE = 'CR001', MESSAGE = failure;
  END IF;
  RETURN true;
END;
$$;
