-- A phone number as the words the call search can match (docs/search.md): its digits in full
-- (447700499194), and for an international number also the national number (7700499194) and
-- its trunk form (07700499194), so each form people type finds it. The country calling code's
-- length follows the ITU's prefix-free plan: 1 and 7 are one digit, the list below two, every
-- other code three. IMMUTABLE: call_log.search_vector, a generated column, is built with it.
CREATE OR REPLACE FUNCTION call_log_phone_tokens(p_number text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = public, pg_temp AS $$
  SELECT CASE
    WHEN digits = '' THEN ''
    WHEN left(btrim(p_number), 1) <> '+' THEN digits
    ELSE concat_ws(' ', digits, substr(digits, code_length + 1), '0' || substr(digits, code_length + 1))
  END
  FROM (SELECT digits,
               CASE
                 WHEN left(digits, 1) IN ('1', '7') THEN 1
                 WHEN left(digits, 2) IN ('20', '27', '30', '31', '32', '33', '34', '36', '39',
                                          '40', '41', '43', '44', '45', '46', '47', '48', '49',
                                          '51', '52', '53', '54', '55', '56', '57', '58', '60',
                                          '61', '62', '63', '64', '65', '66', '81', '82', '84',
                                          '86', '90', '91', '92', '93', '94', '95', '98') THEN 2
                 ELSE 3
               END AS code_length
        FROM (SELECT regexp_replace(coalesce(p_number, ''), '[^0-9]', '', 'g') AS digits) AS d) AS n
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION call_log_phone_tokens(text) FROM PUBLIC, callboard_app;
--> statement-breakpoint
-- Writing a call computes the generated column as the writer.
GRANT EXECUTE ON FUNCTION call_log_phone_tokens(text) TO callboard_app;
