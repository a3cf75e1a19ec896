-- Not tenant data: no organisation, no row-level security. The application role may only add a
-- message (in the transaction that causes it); it can neither read the queue, whose text holds
-- live links, nor change it. Delivery runs as the owner.
GRANT INSERT (recipient, subject, body_text, body_html) ON mail_outbox TO callboard_app;
