/**
 * The shortcodes a stock site registers: WordPress core's (`wp_caption`, `caption`, `gallery`,
 * `playlist`, `audio`, `video` in wp-includes/media.php, `embed` in class-wp-embed.php) and The
 * Events Calendar registers none on a stock site (`[tribe_event_details]` and `[tec_event_qr]` stay as
 * typed). Typography leaves registered shortcodes alone, and only they are run when a description is
 * shown.
 */
export const REGISTERED_SHORTCODES: readonly string[] = [
  'wp_caption',
  'caption',
  'gallery',
  'playlist',
  'audio',
  'video',
  'embed',
];
