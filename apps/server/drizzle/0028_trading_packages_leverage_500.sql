-- Seed-spec §9: every trading package offers "leverage up to 1:500". The catalogue of 0011 gave Zero
-- 1:200 and Enc 1:300. Only rows as seeded move: never edited by staff (no updated_by) and never
-- bought, so no customer's terms change under them and no staff edit is undone (decision 059).
UPDATE "plans"
   SET "features" = jsonb_set("features", '{maxLeverage}', '500'::jsonb)
 WHERE "kind" = 'trading'
   AND "updated_by" IS NULL
   AND (("name" = 'Zero' AND "features"->>'maxLeverage' = '200')
     OR ("name" = 'Enc' AND "features"->>'maxLeverage' = '300'))
   AND NOT EXISTS (SELECT 1 FROM "plan_purchases" p WHERE p."plan_id" = "plans"."id");
