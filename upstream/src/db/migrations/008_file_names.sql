-- Entities carry an uploaded file's name ({random}.{kind}), no longer a public URL
-- ({publicUrl}/files/{name}): files are served only to entitled callers (issue 12, item 9).
UPDATE sites SET branding_image = regexp_replace(branding_image, '^.*/', '') WHERE branding_image LIKE '%/%';
UPDATE sites SET welcome_video = regexp_replace(welcome_video, '^.*/', '') WHERE welcome_video LIKE '%/%';
UPDATE evacuation_points SET photo = regexp_replace(photo, '^.*/', '') WHERE photo LIKE '%/%';
