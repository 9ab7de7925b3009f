-- The `warehouse` dictionary's items become warehouses with the same code and label (the type now
-- answers the warehouses, docs/rules/base-data.md "Warehouses"). The five built-in ones get their
-- addresses; any other keeps blanks for someone to fill in 收货仓库.
INSERT INTO "warehouses" ("code", "name", "region_code", "address", "consignee", "phone", "receiving_hours", "status", "remark", "sort")
SELECT i."value",
       i."label",
       CASE i."value"
         WHEN 'sh_jiading' THEN '310114' WHEN 'gz_baiyun' THEN '440111' WHEN 'bj_daxing' THEN '110115'
         WHEN 'cd_shuangliu' THEN '510116' WHEN 'wh_dongxihu' THEN '420112' ELSE '310000' END,
       CASE i."value"
         WHEN 'sh_jiading' THEN '上海市嘉定区马陆镇宝安公路2999号3号库' WHEN 'gz_baiyun' THEN '广州市白云区太和镇广从七路88号B栋'
         WHEN 'bj_daxing' THEN '北京市大兴区黄村镇兴业街16号院2号库' WHEN 'cd_shuangliu' THEN '成都市双流区西航港大道中四段189号'
         WHEN 'wh_dongxihu' THEN '武汉市东西湖区走马岭街道汇通大道36号' ELSE '' END,
       CASE i."value"
         WHEN 'sh_jiading' THEN '王建军' WHEN 'gz_baiyun' THEN '李志华' WHEN 'bj_daxing' THEN '赵海涛'
         WHEN 'cd_shuangliu' THEN '张丽' WHEN 'wh_dongxihu' THEN '陈刚' ELSE '' END,
       CASE i."value"
         WHEN 'sh_jiading' THEN '021-59901234' WHEN 'gz_baiyun' THEN '020-87401234' WHEN 'bj_daxing' THEN '010-69281234'
         WHEN 'cd_shuangliu' THEN '028-85761234' WHEN 'wh_dongxihu' THEN '027-83891234' ELSE '' END,
       NULL,
       i."status",
       i."remark",
       i."sort"
FROM "dict_items" i
JOIN "dict_types" t ON t."id" = i."type_id"
WHERE t."code" = 'warehouse'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM "dict_items" i USING "dict_types" t WHERE t."id" = i."type_id" AND t."code" = 'warehouse';
--> statement-breakpoint
UPDATE "dict_types" SET "remark" = '由收货仓库维护' WHERE "code" = 'warehouse';
--> statement-breakpoint
-- A task generated from a plan delivers to the plan's warehouse.
UPDATE "procurement_tasks" pt SET "warehouse_code" = p."warehouse"
FROM "planning_tasks" p, "warehouses" w
WHERE pt."plan_id" = p."id" AND w."code" = p."warehouse" AND pt."warehouse_code" IS NULL;
--> statement-breakpoint
INSERT INTO "company_info" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "dict_version" SET "version" = "version" + 1;
