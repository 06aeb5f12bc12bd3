# fish completion for calctl. Generated from the command tree by scripts/gen-completions.mjs:
# do not edit. Install one of:
#   calctl completion fish > ~/.config/fish/completions/calctl.fish
#   calctl completion fish | source

function __calctl_subs
    switch "$argv[1]"
        case ''
            printf '%s\n' 'events	events: list, get, create, update, copy, delete, restore' 'venues	venues: list, get, create, update, delete, restore' 'organizers	organizers: list, get, create, update, delete, restore' 'categories	categories: list, get, create, update, delete' 'tags	tags: list, get, create, update, delete' 'api	send a raw request to the namespace (like gh api): calctl api GET /events -f per_page=5' 'info	show the namespace root (routes and their parameters)' 'doc	print the OpenAPI document of the site (/doc)' 'serve	run the embedded calendar server for other clients (stops on Ctrl-C)' 'profile	stored sites and credentials (see: calctl help profiles)' 'agenda	the coming days as an agenda: a heading per day, then the events by time' 'calendar	a month grid like cal(1) with the events of each day, or a week (--week)' 'cal	alias of calendar' 'add	add an event from one sentence: "Jazz night next friday 8pm-11pm at Blue Room #music"' 'sync	an offline working copy of the site\'s calendar: pull, then push (see docs/sync.md)' 'feeds	keep the calendar fed from iCalendar addresses, .ics files and other sites (see docs/feeds.md)' 'migrate	copy a whole calendar to another site: categories (with parents), tags, venues, organizers, images and events, links kept; again: only what changed' 'history	the runs that wrote to this profile (import, feeds run, sync push, delete, undo), newest first' 'undo	take a run back: what it created is trashed, what it changed gets its earlier values' 'import	create or update records from CSV, NDJSON or JSON (idempotent, resumable)' 'export	write every record of a resource as CSV, NDJSON or JSON' 'help	help on a command or a topic (exit-codes, profiles, dates, formats, csv, auth, output)' 'completion	print the shell completion script for bash, zsh or fish (see the README to install it)'
        case 'events'
            printf '%s\n' 'list	list events (one page; --all for every page)' 'ls	alias of list' 'get	show one event' 'create	create an event' 'update	change an event: only the given fields change, everything else is kept' 'copy	create a new event from an existing one: everything kept, linked records reused;' 'delete	delete events (moved to the trash; --force deletes for good); asks first unless --yes' 'rm	alias of delete' 'restore	take events out of the trash (with the slug they had); see the trash with list --status trash'
        case 'venues'
            printf '%s\n' 'list	list venues (one page; --all for every page)' 'ls	alias of list' 'get	show one venue' 'create	create a venue' 'update	change a venue: only the given fields change, everything else is kept' 'delete	delete venues (moved to the trash; --force deletes for good); asks first unless --yes' 'rm	alias of delete' 'restore	take venues out of the trash (with the slug they had); see the trash with list --status trash' 'duplicates	groups of venues that are likely the same (name folded, one holding the other, same address, alike), with their events' 'merge	move every event of the duplicates to the venue kept, then trash the duplicates (plan first; --dry-run shows it)'
        case 'organizers'
            printf '%s\n' 'list	list organizers (one page; --all for every page)' 'ls	alias of list' 'get	show one organizer' 'create	create an organizer' 'update	change an organizer: only the given fields change, everything else is kept' 'delete	delete organizers (moved to the trash; --force deletes for good); asks first unless --yes' 'rm	alias of delete' 'restore	take organizers out of the trash (with the slug they had); see the trash with list --status trash' 'duplicates	groups of organizers that are likely the same (name folded, one holding the other, same address, alike), with their events' 'merge	move every event of the duplicates to the organizer kept, then trash the duplicates (plan first; --dry-run shows it)'
        case 'categories'
            printf '%s\n' 'list	list categories (one page; --all for every page)' 'ls	alias of list' 'get	show one category' 'create	create a category' 'update	change a category: only the given fields change, everything else is kept' 'delete	delete categories (deleted for good); asks first unless --yes' 'rm	alias of delete'
        case 'tags'
            printf '%s\n' 'list	list tags (one page; --all for every page)' 'ls	alias of list' 'get	show one tag' 'create	create a tag' 'update	change a tag: only the given fields change, everything else is kept' 'delete	delete tags (deleted for good); asks first unless --yes' 'rm	alias of delete'
        case 'serve'
            printf '%s\n' 'users	the users of the data dir, each with a WordPress role'
        case 'serve users'
            printf '%s\n' 'add	add a user with a role and an application password (written to a file only you can read)' 'list	list the users (one JSON object a line)' 'remove	remove a user and its application passwords; its events go to another user'
        case 'profile'
            printf '%s\n' 'add	add or replace a profile: --url, --user, --password-stdin|--token-stdin (prompts on a terminal); tests it before saving' 'list	list the stored profiles (secrets are never shown)' 'ls	alias of list' 'show	show one profile (default: the one in use), secrets masked' 'use	make a profile the default ("local" = the built-in calendar)' 'remove	remove a profile and its secrets' 'rm	alias of remove' 'test	check reachability, the namespace and the credentials (exit 1 or 4 on failure)'
        case 'sync'
            printf '%s\n' 'pull	bring the site into the working copy (the first pull makes it; later ones fetch what changed)' 'push	send the working copy\'s creates, updates, trashes, restores and deletes to the site' 'status	what changed in the copy and on the site since the last sync, and the conflicts; writes nothing' 'resolve	decide one conflict: keep the copy\'s version (pushed next) or the site\'s'
        case 'feeds'
            printf '%s\n' 'add	add a feed (or change the settings of one: its events stay linked)' 'list	the feeds of the site: source, rule, events, last run' 'show	one feed: its settings, the events the admin trashed (ignored), its last runs' 'remove	stop following a feed (its events stay on the site, unless --trash-events)' 'run	fetch, compare and write every feed of the site (or the ones named), for cron' 'cron	print the crontab line that runs this site\'s feeds from this machine (quiet unless trouble)'
        case 'history'
            printf '%s\n' 'show	one run: its command, source, counts and every record it wrote'
        case 'import'
            printf '%s\n' 'events	create or update events from a file (re-running it changes nothing)' 'venues	create or update venues from a file (re-running it changes nothing)' 'organizers	create or update organizers from a file (re-running it changes nothing)' 'categories	create or update categories from a file (re-running it changes nothing)' 'tags	create or update tags from a file (re-running it changes nothing)'
        case 'export'
            printf '%s\n' 'events	write every matching event as CSV (default), NDJSON or JSON (-o), or iCalendar (-o ics)' 'venues	write every matching venue as CSV (default), NDJSON or JSON (-o)' 'organizers	write every matching organizer as CSV (default), NDJSON or JSON (-o)' 'categories	write every matching category as CSV (default), NDJSON or JSON (-o)' 'tags	write every matching tag as CSV (default), NDJSON or JSON (-o)'
    end
end

function __calctl_canon
    switch "$argv[1]"
        case '|events' 'import|events' 'export|events'
            printf '%s\n' 'events'
        case '|venues' 'import|venues' 'export|venues'
            printf '%s\n' 'venues'
        case '|organizers' 'import|organizers' 'export|organizers'
            printf '%s\n' 'organizers'
        case '|categories' 'import|categories' 'export|categories'
            printf '%s\n' 'categories'
        case '|tags' 'import|tags' 'export|tags'
            printf '%s\n' 'tags'
        case '|api'
            printf '%s\n' 'api'
        case '|info'
            printf '%s\n' 'info'
        case '|doc'
            printf '%s\n' 'doc'
        case '|serve'
            printf '%s\n' 'serve'
        case '|profile'
            printf '%s\n' 'profile'
        case '|agenda'
            printf '%s\n' 'agenda'
        case '|calendar' '|cal'
            printf '%s\n' 'calendar'
        case '|add' 'serve users|add' 'profile|add' 'feeds|add'
            printf '%s\n' 'add'
        case '|sync'
            printf '%s\n' 'sync'
        case '|feeds'
            printf '%s\n' 'feeds'
        case '|migrate'
            printf '%s\n' 'migrate'
        case '|history'
            printf '%s\n' 'history'
        case '|undo'
            printf '%s\n' 'undo'
        case '|import'
            printf '%s\n' 'import'
        case '|export'
            printf '%s\n' 'export'
        case '|help'
            printf '%s\n' 'help'
        case '|completion'
            printf '%s\n' 'completion'
        case 'events|list' 'events|ls' 'venues|list' 'venues|ls' 'organizers|list' 'organizers|ls' 'categories|list' 'categories|ls' 'tags|list' 'tags|ls' 'serve users|list' 'profile|list' 'profile|ls' 'feeds|list'
            printf '%s\n' 'list'
        case 'events|get' 'venues|get' 'organizers|get' 'categories|get' 'tags|get'
            printf '%s\n' 'get'
        case 'events|create' 'venues|create' 'organizers|create' 'categories|create' 'tags|create'
            printf '%s\n' 'create'
        case 'events|update' 'venues|update' 'organizers|update' 'categories|update' 'tags|update'
            printf '%s\n' 'update'
        case 'events|copy'
            printf '%s\n' 'copy'
        case 'events|delete' 'events|rm' 'venues|delete' 'venues|rm' 'organizers|delete' 'organizers|rm' 'categories|delete' 'categories|rm' 'tags|delete' 'tags|rm'
            printf '%s\n' 'delete'
        case 'events|restore' 'venues|restore' 'organizers|restore'
            printf '%s\n' 'restore'
        case 'venues|duplicates' 'organizers|duplicates'
            printf '%s\n' 'duplicates'
        case 'venues|merge' 'organizers|merge'
            printf '%s\n' 'merge'
        case 'serve|users'
            printf '%s\n' 'users'
        case 'serve users|remove' 'profile|remove' 'profile|rm' 'feeds|remove'
            printf '%s\n' 'remove'
        case 'profile|show' 'feeds|show' 'history|show'
            printf '%s\n' 'show'
        case 'profile|use'
            printf '%s\n' 'use'
        case 'profile|test'
            printf '%s\n' 'test'
        case 'sync|pull'
            printf '%s\n' 'pull'
        case 'sync|push'
            printf '%s\n' 'push'
        case 'sync|status'
            printf '%s\n' 'status'
        case 'sync|resolve'
            printf '%s\n' 'resolve'
        case 'feeds|run'
            printf '%s\n' 'run'
        case 'feeds|cron'
            printf '%s\n' 'cron'
    end
end

function __calctl_opts
    switch "$argv[1]"
        case ''
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'events'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'events list'
            printf '%s\n' '--page	page of results to return (default: 1)' '--per-page	events per page (the site caps it at 50) (default: 10)' '--start-date	events that start on or after this day (default: yesterday) (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--end-date	events that end on or before this day (default: two years ahead) (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--starts-before	events that start before this date (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--starts-after	events that start after this date (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--ends-before	events that end before this date (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--ends-after	events that end after this date (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--strict-dates	use the exact times of the date filters instead of whole days (default: false)' '--no-strict-dates	same as --strict-dates=false' '--search	words that must all occur in the title, description or excerpt' '--categories	events in any of these categories (IDs or slugs; a parent includes its children); calctl also takes a slug or a name (repeatable or comma list)' '--tags	events with any of these tags (IDs or slugs); calctl also takes a slug or a name (repeatable or comma list)' '--venue	events at any of these venue IDs; calctl also takes a slug or a name (repeatable or comma list)' '--organizer	events run by any of these organizer IDs; calctl also takes a slug or a name (repeatable or comma list)' '--featured	only featured (or only not featured) events' '--no-featured	same as --featured=false' '--status	only records with these statuses (comma list; any = every status but trash; anonymous readers may only ask for publish) (repeatable or comma list)' '--geoloc	events whose venue has coordinates (needs the premium extension) [premium]' '--no-geoloc	same as --geoloc=false' '--geoloc-lat	venue latitude, with geoloc_lng (needs the premium extension) [premium]' '--geoloc-lng	venue longitude, with geoloc_lat (needs the premium extension) [premium]' '--include	only these event IDs (array or comma list; the default date window still applies) (repeatable or comma list)' '--post-parent	events whose parent is this event ID' '--ticketed	events with or without tickets (needs the ticketing plugin) [premium]' '--no-ticketed	same as --ticketed=false' '--all	fetch every page (streamed; follows the total_pages the site reports)' '--limit	stop after this many records (fetches further pages as needed)' '-h	display help for command' '--help	display help for command'
        case 'events get'
            printf '%s\n' '--slug	find the event by its slug instead of the id' '-h	display help for command' '--help	display help for command'
        case 'events create'
            printf '%s\n' '--author	ID of the user who owns the event' '--date	when the event is published (site time) (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--date-utc	when the event is published (UTC) (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--title	name of the event (required)' '--description	full text of the event (HTML allowed)' '--slug	URL name of the event' '--excerpt	short summary of the event' '--status	publication status of the event (publish, draft, pending, private, future)' '--all-day	the event lasts whole days (default: false)' '--no-all-day	same as --all-day=false' '--start-date	when the event starts (event time zone) (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates) (required)' '--end-date	when the event ends (event time zone) (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates) (required)' '--image	featured image: a media ID or an image URL' '--cost	price text, e.g. "25", "$10 - $20" or "Free"' '--website	web page of the event' '--show-map	show a map on the event page' '--no-show-map	same as --show-map=false' '--show-map-link	show a link to a map on the event page' '--no-show-map-link	same as --show-map-link=false' '--hide-from-listings	keep the event out of calendar listings' '--no-hide-from-listings	same as --hide-from-listings=false' '--sticky	pin the event in the month view' '--no-sticky	same as --sticky=false' '--featured	mark the event as featured' '--no-featured	same as --featured=false' '--categories	event categories by ID, slug or name; calctl also takes a slug or a name (repeatable or comma list)' '--tags	tags by ID or name; calctl also takes a slug or a name (repeatable or comma list)' '--venue	venue ID, or venue fields to create one inline; calctl also takes a slug or a name' '--organizer	organizer IDs, or organizer fields to create them inline; calctl also takes a slug or a name (repeatable or comma list)' '--duration	the event lasts this long from its start: 90m, 2h, 1h30m, 1d (instead of --end-date)' '--data	the body as JSON: inline, @file.json, or - for stdin (flags override it)' '--create-missing	create the venues, organizers, categories and tags named that do not exist yet (else an error)' '--porcelain	print only the new id' '-h	display help for command' '--help	display help for command'
        case 'events update'
            printf '%s\n' '--author	ID of the user who owns the event' '--date	when the event is published (site time) (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--date-utc	when the event is published (UTC) (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--title	name of the event' '--description	full text of the event (HTML allowed)' '--slug	URL name of the event' '--excerpt	short summary of the event' '--status	publication status of the event (publish, draft, pending, private, future)' '--all-day	the event lasts whole days' '--no-all-day	same as --all-day=false' '--start-date	when the event starts (event time zone) (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--end-date	when the event ends (event time zone) (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--image	featured image: a media ID or an image URL' '--cost	price text, e.g. "25", "$10 - $20" or "Free"' '--website	web page of the event' '--show-map	show a map on the event page' '--no-show-map	same as --show-map=false' '--show-map-link	show a link to a map on the event page' '--no-show-map-link	same as --show-map-link=false' '--hide-from-listings	keep the event out of calendar listings' '--no-hide-from-listings	same as --hide-from-listings=false' '--sticky	pin the event in the month view' '--no-sticky	same as --sticky=false' '--featured	mark the event as featured' '--no-featured	same as --featured=false' '--categories	event categories by ID, slug or name; calctl also takes a slug or a name (repeatable or comma list)' '--tags	tags by ID or name; calctl also takes a slug or a name (repeatable or comma list)' '--venue	venue ID, or venue fields to create one inline; calctl also takes a slug or a name' '--organizer	organizer IDs, or organizer fields to create them inline; calctl also takes a slug or a name (repeatable or comma list)' '--duration	the event lasts this long from its start: 90m, 2h, 1h30m, 1d (instead of --end-date)' '--where	update every event the list\'s filter chooses: NAME=VALUE (category=music, venue=7, status=draft), dates with < > <= >= ("end_date<2025-01-01"); repeatable' '--before	update the events that ended before this date' '--data	the body as JSON: inline, @file.json, or - for stdin (flags override it)' '--create-missing	create the venues, organizers, categories and tags named that do not exist yet (else an error)' '-h	display help for command' '--help	display help for command'
        case 'events copy'
            printf '%s\n' '--slug	find the event to copy by its slug' '--author	ID of the user who owns the event' '--date	when the event is published (site time) (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--date-utc	when the event is published (UTC) (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--title	name of the event' '--description	full text of the event (HTML allowed)' '--excerpt	short summary of the event' '--status	publication status of the event (publish, draft, pending, private, future)' '--all-day	the event lasts whole days' '--no-all-day	same as --all-day=false' '--start-date	when the event starts (event time zone) (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--end-date	when the event ends (event time zone) (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--image	featured image: a media ID or an image URL' '--cost	price text, e.g. "25", "$10 - $20" or "Free"' '--website	web page of the event' '--show-map	show a map on the event page' '--no-show-map	same as --show-map=false' '--show-map-link	show a link to a map on the event page' '--no-show-map-link	same as --show-map-link=false' '--hide-from-listings	keep the event out of calendar listings' '--no-hide-from-listings	same as --hide-from-listings=false' '--sticky	pin the event in the month view' '--no-sticky	same as --sticky=false' '--featured	mark the event as featured' '--no-featured	same as --featured=false' '--categories	event categories by ID, slug or name; calctl also takes a slug or a name (repeatable or comma list)' '--tags	tags by ID or name; calctl also takes a slug or a name (repeatable or comma list)' '--venue	venue ID, or venue fields to create one inline; calctl also takes a slug or a name' '--organizer	organizer IDs, or organizer fields to create them inline; calctl also takes a slug or a name (repeatable or comma list)' '--duration	the event lasts this long from its start: 90m, 2h, 1h30m, 1d (instead of --end-date)' '--create-missing	create the venues, organizers, categories and tags named that do not exist yet (else an error)' '--porcelain	print only the new id' '-h	display help for command' '--help	display help for command'
        case 'events delete'
            printf '%s\n' '--slug	delete the event with this slug' '--force	delete for good instead of trashing, through WordPress core\'s route /wp/v2/tribe_events (cannot be undone)' '--where	delete every event the list\'s filter chooses: NAME=VALUE (category=music, venue=7, status=draft), dates with < > <= >= ("end_date<2025-01-01"); repeatable' '--before	delete the events that ended before this date' '-h	display help for command' '--help	display help for command'
        case 'events restore'
            printf '%s\n' '--slug	restore the event with this slug' '--status	the status it gets back' '--where	restore every event the list\'s filter chooses: NAME=VALUE (category=music, venue=7, status=draft), dates with < > <= >= ("end_date<2025-01-01"); repeatable' '--before	restore the events that ended before this date' '-h	display help for command' '--help	display help for command'
        case 'venues'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'venues list'
            printf '%s\n' '--page	page of results to return (default: 1)' '--per-page	venues per page (the site caps it at 50) (default: 10)' '--search	words that must all occur in one field (name, description or address parts)' '--event	the venue of this event ID' '--has-events	venues with (true) or without (false) published events' '--no-has-events	same as --has-events=false' '--only-with-upcoming	only venues with upcoming events (default: false)' '--no-only-with-upcoming	same as --only-with-upcoming=false' '--status	only records with these statuses (comma list; any = every status but trash; anonymous readers may only ask for publish) (repeatable or comma list)' '--all	fetch every page (streamed; follows the total_pages the site reports)' '--limit	stop after this many records (fetches further pages as needed)' '-h	display help for command' '--help	display help for command'
        case 'venues get'
            printf '%s\n' '--slug	find the venue by its slug instead of the id' '-h	display help for command' '--help	display help for command'
        case 'venues create'
            printf '%s\n' '--author	ID of the user who owns the venue' '--date	when the venue is published (site time) (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--date-utc	when the venue is published (UTC) (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--venue	name of the venue (required)' '--description	text about the venue (HTML allowed)' '--status	publication status of the venue (publish, draft, pending, private, future)' '--show-map	events at this venue show a map ("true"/"false")' '--show-map-link	events at this venue show a map link ("true"/"false")' '--address	street address' '--city	city' '--country	country' '--province	province' '--state	state' '--zip	postal code' '--phone	phone number' '--stateprovince	state or province, as one text' '--website	web page of the venue' '--image	featured image: a media ID or an image URL' '--data	the body as JSON: inline, @file.json, or - for stdin (flags override it)' '--create-missing	create the venues, organizers, categories and tags named that do not exist yet (else an error)' '--porcelain	print only the new id' '-h	display help for command' '--help	display help for command'
        case 'venues update'
            printf '%s\n' '--author	ID of the user who owns the venue' '--date	when the venue is published (site time) (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--date-utc	when the venue is published (UTC) (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--venue	name of the venue' '--description	text about the venue (HTML allowed)' '--status	publication status of the venue (publish, draft, pending, private, future)' '--show-map	events at this venue show a map ("true"/"false")' '--show-map-link	events at this venue show a map link ("true"/"false")' '--address	street address' '--city	city' '--country	country' '--province	province' '--state	state' '--zip	postal code' '--phone	phone number' '--stateprovince	state or province, as one text' '--website	web page of the venue' '--image	featured image: a media ID or an image URL' '--slug	find the venue by its slug instead of the id' '--where	update every venue the list\'s filter chooses: NAME=VALUE (category=music, venue=7, status=draft), dates with < > <= >= ("end_date<2025-01-01"); repeatable' '--data	the body as JSON: inline, @file.json, or - for stdin (flags override it)' '--create-missing	create the venues, organizers, categories and tags named that do not exist yet (else an error)' '-h	display help for command' '--help	display help for command'
        case 'venues delete'
            printf '%s\n' '--slug	delete the venue with this slug' '--force	delete for good instead of trashing, through WordPress core\'s route /wp/v2/tribe_venue (cannot be undone)' '--where	delete every venue the list\'s filter chooses: NAME=VALUE (category=music, venue=7, status=draft), dates with < > <= >= ("end_date<2025-01-01"); repeatable' '-h	display help for command' '--help	display help for command'
        case 'venues restore'
            printf '%s\n' '--slug	restore the venue with this slug' '--status	the status it gets back' '--where	restore every venue the list\'s filter chooses: NAME=VALUE (category=music, venue=7, status=draft), dates with < > <= >= ("end_date<2025-01-01"); repeatable' '-h	display help for command' '--help	display help for command'
        case 'venues duplicates'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'venues merge'
            printf '%s\n' '--fill	fill the kept venue\'s empty fields (address, phone …) from the duplicates' '-h	display help for command' '--help	display help for command'
        case 'organizers'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'organizers list'
            printf '%s\n' '--page	page of results to return (default: 1)' '--per-page	organizers per page (the site caps it at 50) (default: 10)' '--search	words that must all occur in one field (name, description, phone, e-mail or website)' '--event	organizers of this event ID' '--has-events	organizers with (true) or without (false) published events' '--no-has-events	same as --has-events=false' '--only-with-upcoming	only organizers with upcoming events (default: false)' '--no-only-with-upcoming	same as --only-with-upcoming=false' '--status	only records with these statuses (comma list; any = every status but trash; anonymous readers may only ask for publish) (repeatable or comma list)' '--all	fetch every page (streamed; follows the total_pages the site reports)' '--limit	stop after this many records (fetches further pages as needed)' '-h	display help for command' '--help	display help for command'
        case 'organizers get'
            printf '%s\n' '--slug	find the organizer by its slug instead of the id' '-h	display help for command' '--help	display help for command'
        case 'organizers create'
            printf '%s\n' '--author	ID of the user who owns the organizer' '--date	when the organizer is published (site time) (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--date-utc	when the organizer is published (UTC) (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--organizer	name of the organizer (required)' '--description	text about the organizer (HTML allowed)' '--status	publication status of the organizer (publish, draft, pending, private, future)' '--phone	phone number' '--website	web page of the organizer' '--email	e-mail address (not checked by the site)' '--image	featured image: a media ID or an image URL' '--data	the body as JSON: inline, @file.json, or - for stdin (flags override it)' '--create-missing	create the venues, organizers, categories and tags named that do not exist yet (else an error)' '--porcelain	print only the new id' '-h	display help for command' '--help	display help for command'
        case 'organizers update'
            printf '%s\n' '--author	ID of the user who owns the organizer' '--date	when the organizer is published (site time) (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--date-utc	when the organizer is published (UTC) (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--organizer	name of the organizer' '--description	text about the organizer (HTML allowed)' '--status	publication status of the organizer (publish, draft, pending, private, future)' '--phone	phone number' '--website	web page of the organizer' '--email	e-mail address (not checked by the site)' '--image	featured image: a media ID or an image URL' '--slug	find the organizer by its slug instead of the id' '--where	update every organizer the list\'s filter chooses: NAME=VALUE (category=music, venue=7, status=draft), dates with < > <= >= ("end_date<2025-01-01"); repeatable' '--data	the body as JSON: inline, @file.json, or - for stdin (flags override it)' '--create-missing	create the venues, organizers, categories and tags named that do not exist yet (else an error)' '-h	display help for command' '--help	display help for command'
        case 'organizers delete'
            printf '%s\n' '--slug	delete the organizer with this slug' '--force	delete for good instead of trashing, through WordPress core\'s route /wp/v2/tribe_organizer (cannot be undone)' '--where	delete every organizer the list\'s filter chooses: NAME=VALUE (category=music, venue=7, status=draft), dates with < > <= >= ("end_date<2025-01-01"); repeatable' '-h	display help for command' '--help	display help for command'
        case 'organizers restore'
            printf '%s\n' '--slug	restore the organizer with this slug' '--status	the status it gets back' '--where	restore every organizer the list\'s filter chooses: NAME=VALUE (category=music, venue=7, status=draft), dates with < > <= >= ("end_date<2025-01-01"); repeatable' '-h	display help for command' '--help	display help for command'
        case 'organizers duplicates'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'organizers merge'
            printf '%s\n' '--fill	fill the kept organizer\'s empty fields (address, phone …) from the duplicates' '-h	display help for command' '--help	display help for command'
        case 'categories'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'categories list'
            printf '%s\n' '--page	page of results to return (default: 1)' '--per-page	event categories per page (the site caps it at 50) (default: 10)' '--search	text contained in the name or slug' '--exclude	leave out these IDs (repeatable or comma list)' '--include	only these IDs (repeatable or comma list)' '--order	sort direction (default asc)' '--orderby	sort key (default name)' '--hide-empty	leave out terms used by no event (default true)' '--no-hide-empty	same as --hide-empty=false' '--parent	children of this category ID; calctl also takes a slug or a name' '--post	terms of this event ID' '--event	same as post' '--slug	the term with this slug' '--all	fetch every page (streamed; follows the total_pages the site reports)' '--limit	stop after this many records (fetches further pages as needed)' '-h	display help for command' '--help	display help for command'
        case 'categories get'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'categories create'
            printf '%s\n' '--name	name of the category (required)' '--description	text about the category' '--slug	URL name of the category' '--parent	ID of the parent category; calctl also takes a slug or a name' '--data	the body as JSON: inline, @file.json, or - for stdin (flags override it)' '--create-missing	create the venues, organizers, categories and tags named that do not exist yet (else an error)' '--porcelain	print only the new id' '-h	display help for command' '--help	display help for command'
        case 'categories update'
            printf '%s\n' '--name	name of the category' '--description	text about the category' '--slug	URL name of the category' '--parent	ID of the parent category; calctl also takes a slug or a name' '--where	update every category the list\'s filter chooses: NAME=VALUE (category=music, venue=7, status=draft), dates with < > <= >= ("end_date<2025-01-01"); repeatable' '--data	the body as JSON: inline, @file.json, or - for stdin (flags override it)' '--create-missing	create the venues, organizers, categories and tags named that do not exist yet (else an error)' '-h	display help for command' '--help	display help for command'
        case 'categories delete'
            printf '%s\n' '--where	delete every category the list\'s filter chooses: NAME=VALUE (category=music, venue=7, status=draft), dates with < > <= >= ("end_date<2025-01-01"); repeatable' '-h	display help for command' '--help	display help for command'
        case 'tags'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'tags list'
            printf '%s\n' '--page	page of results to return (default: 1)' '--per-page	event tags per page (the site caps it at 50) (default: 10)' '--search	text contained in the name or slug' '--exclude	leave out these IDs (repeatable or comma list)' '--include	only these IDs (repeatable or comma list)' '--order	sort direction (default asc)' '--orderby	sort key (default name)' '--hide-empty	leave out terms used by no event (default true)' '--no-hide-empty	same as --hide-empty=false' '--post	terms of this event ID' '--event	same as post' '--slug	the term with this slug' '--all	fetch every page (streamed; follows the total_pages the site reports)' '--limit	stop after this many records (fetches further pages as needed)' '-h	display help for command' '--help	display help for command'
        case 'tags get'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'tags create'
            printf '%s\n' '--name	name of the tag (required)' '--description	text about the tag' '--slug	URL name of the tag' '--data	the body as JSON: inline, @file.json, or - for stdin (flags override it)' '--create-missing	create the venues, organizers, categories and tags named that do not exist yet (else an error)' '--porcelain	print only the new id' '-h	display help for command' '--help	display help for command'
        case 'tags update'
            printf '%s\n' '--name	name of the tag' '--description	text about the tag' '--slug	URL name of the tag' '--where	update every tag the list\'s filter chooses: NAME=VALUE (category=music, venue=7, status=draft), dates with < > <= >= ("end_date<2025-01-01"); repeatable' '--data	the body as JSON: inline, @file.json, or - for stdin (flags override it)' '--create-missing	create the venues, organizers, categories and tags named that do not exist yet (else an error)' '-h	display help for command' '--help	display help for command'
        case 'tags delete'
            printf '%s\n' '--where	delete every tag the list\'s filter chooses: NAME=VALUE (category=music, venue=7, status=draft), dates with < > <= >= ("end_date<2025-01-01"); repeatable' '-h	display help for command' '--help	display help for command'
        case 'api'
            printf '%s\n' '-f	a string parameter (query for GET/DELETE, body otherwise); repeatable' '--raw-field	a string parameter (query for GET/DELETE, body otherwise); repeatable' '-F	a typed parameter: true/false/null/numbers, @file for file contents' '--field-typed	a typed parameter: true/false/null/numbers, @file for file contents' '--data	the JSON body (fields are merged on top)' '-H	an extra request header; repeatable' '--header	an extra request header; repeatable' '--paginate	follow every page of a list and print its records (one JSON array; one per line with -o ndjson; also yaml, ids, count)' '-h	display help for command' '--help	display help for command'
        case 'info'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'doc'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'serve'
            printf '%s\n' '--host	address to listen on' '--port	port (0 picks a free one)' '--data-dir	data directory (default: the local calendar of calctl)' '--per-page	default page size of lists' '--permalinks	where the REST API lives: pretty (/wp-json/) or plain (/?rest_route=/ only)' '--base-path	play WordPress installed in this folder (/blog: REST at /blog/wp-json/)' '--locale	the site\'s language: the language of the routes\' descriptions' '--batch-plugin-routes	let /batch/v1 run the plugin\'s tribe/events/v1 routes (a stock site refuses them: rest_batch_not_allowed)' '--tls-cert	serve HTTPS with this certificate (PEM)' '--tls-key	private key of --tls-cert (PEM)' '-h	display help for command' '--help	display help for command'
        case 'serve users'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'serve users add'
            printf '%s\n' '--role	one of: administrator, editor, author, contributor, subscriber' '--email	its e-mail address (default: USERNAME@localhost)' '--password-file	where to write the application password (default: USERNAME.app-password)' '--app-name	the name of the application password' '--data-dir	data directory (default: the local calendar of calctl)' '-h	display help for command' '--help	display help for command'
        case 'serve users list'
            printf '%s\n' '--data-dir	data directory (default: the local calendar of calctl)' '-h	display help for command' '--help	display help for command'
        case 'serve users remove'
            printf '%s\n' '--reassign	the user who gets its posts' '--data-dir	data directory (default: the local calendar of calctl)' '-h	display help for command' '--help	display help for command'
        case 'profile'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'profile add'
            printf '%s\n' '--token-stdin	read a bearer token from stdin' '--per-page	default page size of lists for this profile' '--default	make it the default profile' '--no-test	save without testing the connection' '-h	display help for command' '--help	display help for command'
        case 'profile list'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'profile show'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'profile use'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'profile remove'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'profile test'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'agenda'
            printf '%s\n' '--days	how many days from the start (default 7)' '--start-date	first day (default: today)' '--end-date	last day (default: start + days - 1)' '--local-time	show times in this machine\'s zone instead of the site\'s' '--starts-after	events that start after this date (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--ends-before	events that end before this date (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--search	words that must all occur in the title, description or excerpt' '--categories	events in any of these categories (IDs or slugs; a parent includes its children); calctl also takes a slug or a name (repeatable or comma list)' '--tags	events with any of these tags (IDs or slugs); calctl also takes a slug or a name (repeatable or comma list)' '--venue	events at any of these venue IDs; calctl also takes a slug or a name (repeatable or comma list)' '--organizer	events run by any of these organizer IDs; calctl also takes a slug or a name (repeatable or comma list)' '--featured	only featured (or only not featured) events' '--no-featured	same as --featured=false' '--status	only records with these statuses (comma list; any = every status but trash; anonymous readers may only ask for publish) (repeatable or comma list)' '--geoloc	events whose venue has coordinates (needs the premium extension) [premium]' '--no-geoloc	same as --geoloc=false' '--geoloc-lat	venue latitude, with geoloc_lng (needs the premium extension) [premium]' '--geoloc-lng	venue longitude, with geoloc_lat (needs the premium extension) [premium]' '--include	only these event IDs (array or comma list; the default date window still applies) (repeatable or comma list)' '--post-parent	events whose parent is this event ID' '--ticketed	events with or without tickets (needs the ticketing plugin) [premium]' '--no-ticketed	same as --ticketed=false' '-h	display help for command' '--help	display help for command'
        case 'calendar'
            printf '%s\n' '--month	the month to show: 2026-12, "dec 2026", "next month" (default: this month)' '--week	show the week holding this day (default: this week) as seven columns' '--week-start	the week\'s first day: monday, sunday … (default: the site\'s setting, else monday)' '--local-time	show times in this machine\'s zone instead of the site\'s' '--starts-after	events that start after this date (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--ends-before	events that end before this date (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--search	words that must all occur in the title, description or excerpt' '--categories	events in any of these categories (IDs or slugs; a parent includes its children); calctl also takes a slug or a name (repeatable or comma list)' '--tags	events with any of these tags (IDs or slugs); calctl also takes a slug or a name (repeatable or comma list)' '--venue	events at any of these venue IDs; calctl also takes a slug or a name (repeatable or comma list)' '--organizer	events run by any of these organizer IDs; calctl also takes a slug or a name (repeatable or comma list)' '--featured	only featured (or only not featured) events' '--no-featured	same as --featured=false' '--status	only records with these statuses (comma list; any = every status but trash; anonymous readers may only ask for publish) (repeatable or comma list)' '--geoloc	events whose venue has coordinates (needs the premium extension) [premium]' '--no-geoloc	same as --geoloc=false' '--geoloc-lat	venue latitude, with geoloc_lng (needs the premium extension) [premium]' '--geoloc-lng	venue longitude, with geoloc_lat (needs the premium extension) [premium]' '--include	only these event IDs (array or comma list; the default date window still applies) (repeatable or comma list)' '--post-parent	events whose parent is this event ID' '--ticketed	events with or without tickets (needs the ticketing plugin) [premium]' '--no-ticketed	same as --ticketed=false' '-h	display help for command' '--help	display help for command'
        case 'add'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'sync'
            printf '%s\n' '--on-conflict	decide every conflict for this side: local (the copy) or site' '-q	print nothing when it succeeds (conflicts and failures still go to stderr; the summary on stdout only with -o json)' '--quiet	print nothing when it succeeds (conflicts and failures still go to stderr; the summary on stdout only with -o json)' '--data-dir	keep the working copy in this directory (remembered for the profile)' '-h	display help for command' '--help	display help for command'
        case 'sync pull'
            printf '%s\n' '--on-conflict	decide every conflict for this side: local (the copy) or site' '-q	print nothing when it succeeds (conflicts and failures still go to stderr; the summary on stdout only with -o json)' '--quiet	print nothing when it succeeds (conflicts and failures still go to stderr; the summary on stdout only with -o json)' '--data-dir	keep the working copy in this directory (remembered for the profile)' '-h	display help for command' '--help	display help for command'
        case 'sync push'
            printf '%s\n' '--on-conflict	decide every conflict for this side: local (the copy) or site' '-q	print nothing when it succeeds (conflicts and failures still go to stderr; the summary on stdout only with -o json)' '--quiet	print nothing when it succeeds (conflicts and failures still go to stderr; the summary on stdout only with -o json)' '-h	display help for command' '--help	display help for command'
        case 'sync status'
            printf '%s\n' '-v	list every changed record' '--changes	list every changed record' '-h	display help for command' '--help	display help for command'
        case 'sync resolve'
            printf '%s\n' '--take	local or site' '--resource	events, venues, organizers, categories or tags, when the id names several conflicts' '-q	print nothing when it succeeds' '--quiet	print nothing when it succeeds' '-h	display help for command' '--help	display help for command'
        case 'feeds'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'feeds add'
            printf '%s\n' '--category	add this category to every event (repeatable; created when missing)' '--tag	add this tag to every event (repeatable; created when missing)' '--status	status of the events it creates' '--authority	when the source changes an event: preserve-edits (the admin\'s edits stay, the rest follows), overwrite (the source wins), new-only (never touched again)' '--on-removed	an event removed or cancelled at the source: trash it, or keep it' '--from	take events that end on or after this date (read at each run)' '--until	take events that start by this date (read at each run)' '--limit	keep at most this many events of the feed on the site (the first by date)' '--default-duration	events the source gives no end (no DTEND) last this long, e.g. 2h (default: they end as they start)' '-h	display help for command' '--help	display help for command'
        case 'feeds list'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'feeds show'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'feeds remove'
            printf '%s\n' '--trash-events	also move its events to the trash (asks first; --yes to confirm)' '-h	display help for command' '--help	display help for command'
        case 'feeds run'
            printf '%s\n' '--force	trash what the source dropped even when it is empty now or dropped more than 50 % of its events' '-q	print nothing when every feed ran, for cron (failures and rejects still go to stderr; the summaries on stdout only with -o json)' '--quiet	print nothing when every feed ran, for cron (failures and rejects still go to stderr; the summaries on stdout only with -o json)' '--wait	how long to wait for another run on this site to finish (default: 10)' '-h	display help for command' '--help	display help for command'
        case 'feeds cron'
            printf '%s\n' '--every	how often: minutes that divide an hour (5m, 15m, 30m), hours that divide a day (1h, 6h), or 1d (default: 30m)' '-h	display help for command' '--help	display help for command'
        case 'migrate'
            printf '%s\n' '--status	statuses of the events to copy: publish, future, draft, pending, private (comma-separated), or any' '-q	print nothing when the run succeeds (failures and warnings still go to stderr)' '--quiet	print nothing when the run succeeds (failures and warnings still go to stderr)' '-h	display help for command' '--help	display help for command'
        case 'history'
            printf '%s\n' '--limit	show at most this many runs' '-h	display help for command' '--help	display help for command'
        case 'history show'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'undo'
            printf '%s\n' '--force	undo records changed on the site since the run too, and delete what the run created for good instead of trashing it' '-h	display help for command' '--help	display help for command'
        case 'import'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'import events'
            printf '%s\n' '--format	input format (default: from the extension, else csv)' '--sheet	Excel workbook: the sheet to read, by name or position (default: the first)' '--until	iCalendar: occurrences of recurring events up to this date (default: +1y)' '--delimiter	CSV field delimiter (default: found in the header line among , ; tab and |; Excel in some locales writes ";"; "tab" for a tab)' '--encoding	CSV text encoding (default: UTF-8; a file that is not is read as Windows-1252, UTF-16 by its byte order mark)' '--map	map a column to a field, e.g. --map \'Start=start_date\' (repeatable; \'Col=\' ignores it)' '--map-file	JSON object of column → field mappings' '--strict	unknown columns are an error instead of a warning, and a row the site would keep otherwise than written is rejected' '--default-duration	events given no end (no end column or DTEND) last this long, e.g. 2h (default: they end as they start)' '--on-lossy	a cell the site would keep otherwise than written (a cost such as "£2 per head", shown "£ per head2"): keep it and warn, describe (the price in cost, the words in the description), number (only the price), reject the row' '--match-by	match existing records by these fields (comma list) instead of id, slug, then name/title+start' '--on-conflict	a row that matches an existing, different record: update it, skip it, or reject it (fail)' '--concurrency	requests in flight (lower it to spare a busy site)' '--batch-size	writes per request through the site\'s batch route, when it takes them (1: one request per row)' '--resume	continue an interrupted import from its checkpoint (FILE.calctl-checkpoint.json)' '--rejects	write rejected rows there, as read plus an "error" column (CSV, or NDJSON for .ndjson)' '--fail-fast	stop at the first rejected row' '-q	print nothing when every row is done (rejects, warnings and failures still go to stderr; the summary on stdout only with -o json)' '--quiet	print nothing when every row is done (rejects, warnings and failures still go to stderr; the summary on stdout only with -o json)' '-h	display help for command' '--help	display help for command'
        case 'import venues'
            printf '%s\n' '--format	input format (default: from the extension, else csv)' '--sheet	Excel workbook: the sheet to read, by name or position (default: the first)' '--until	iCalendar: occurrences of recurring events up to this date (default: +1y)' '--delimiter	CSV field delimiter (default: found in the header line among , ; tab and |; Excel in some locales writes ";"; "tab" for a tab)' '--encoding	CSV text encoding (default: UTF-8; a file that is not is read as Windows-1252, UTF-16 by its byte order mark)' '--map	map a column to a field, e.g. --map \'Start=start_date\' (repeatable; \'Col=\' ignores it)' '--map-file	JSON object of column → field mappings' '--strict	unknown columns are an error instead of a warning, and a row the site would keep otherwise than written is rejected' '--default-duration	events given no end (no end column or DTEND) last this long, e.g. 2h (default: they end as they start)' '--on-lossy	a cell the site would keep otherwise than written (a cost such as "£2 per head", shown "£ per head2"): keep it and warn, describe (the price in cost, the words in the description), number (only the price), reject the row' '--match-by	match existing records by these fields (comma list) instead of id, slug, then name/title+start' '--on-conflict	a row that matches an existing, different record: update it, skip it, or reject it (fail)' '--concurrency	requests in flight (lower it to spare a busy site)' '--batch-size	writes per request through the site\'s batch route, when it takes them (1: one request per row)' '--resume	continue an interrupted import from its checkpoint (FILE.calctl-checkpoint.json)' '--rejects	write rejected rows there, as read plus an "error" column (CSV, or NDJSON for .ndjson)' '--fail-fast	stop at the first rejected row' '-q	print nothing when every row is done (rejects, warnings and failures still go to stderr; the summary on stdout only with -o json)' '--quiet	print nothing when every row is done (rejects, warnings and failures still go to stderr; the summary on stdout only with -o json)' '-h	display help for command' '--help	display help for command'
        case 'import organizers'
            printf '%s\n' '--format	input format (default: from the extension, else csv)' '--sheet	Excel workbook: the sheet to read, by name or position (default: the first)' '--until	iCalendar: occurrences of recurring events up to this date (default: +1y)' '--delimiter	CSV field delimiter (default: found in the header line among , ; tab and |; Excel in some locales writes ";"; "tab" for a tab)' '--encoding	CSV text encoding (default: UTF-8; a file that is not is read as Windows-1252, UTF-16 by its byte order mark)' '--map	map a column to a field, e.g. --map \'Start=start_date\' (repeatable; \'Col=\' ignores it)' '--map-file	JSON object of column → field mappings' '--strict	unknown columns are an error instead of a warning, and a row the site would keep otherwise than written is rejected' '--default-duration	events given no end (no end column or DTEND) last this long, e.g. 2h (default: they end as they start)' '--on-lossy	a cell the site would keep otherwise than written (a cost such as "£2 per head", shown "£ per head2"): keep it and warn, describe (the price in cost, the words in the description), number (only the price), reject the row' '--match-by	match existing records by these fields (comma list) instead of id, slug, then name/title+start' '--on-conflict	a row that matches an existing, different record: update it, skip it, or reject it (fail)' '--concurrency	requests in flight (lower it to spare a busy site)' '--batch-size	writes per request through the site\'s batch route, when it takes them (1: one request per row)' '--resume	continue an interrupted import from its checkpoint (FILE.calctl-checkpoint.json)' '--rejects	write rejected rows there, as read plus an "error" column (CSV, or NDJSON for .ndjson)' '--fail-fast	stop at the first rejected row' '-q	print nothing when every row is done (rejects, warnings and failures still go to stderr; the summary on stdout only with -o json)' '--quiet	print nothing when every row is done (rejects, warnings and failures still go to stderr; the summary on stdout only with -o json)' '-h	display help for command' '--help	display help for command'
        case 'import categories'
            printf '%s\n' '--format	input format (default: from the extension, else csv)' '--sheet	Excel workbook: the sheet to read, by name or position (default: the first)' '--until	iCalendar: occurrences of recurring events up to this date (default: +1y)' '--delimiter	CSV field delimiter (default: found in the header line among , ; tab and |; Excel in some locales writes ";"; "tab" for a tab)' '--encoding	CSV text encoding (default: UTF-8; a file that is not is read as Windows-1252, UTF-16 by its byte order mark)' '--map	map a column to a field, e.g. --map \'Start=start_date\' (repeatable; \'Col=\' ignores it)' '--map-file	JSON object of column → field mappings' '--strict	unknown columns are an error instead of a warning, and a row the site would keep otherwise than written is rejected' '--default-duration	events given no end (no end column or DTEND) last this long, e.g. 2h (default: they end as they start)' '--on-lossy	a cell the site would keep otherwise than written (a cost such as "£2 per head", shown "£ per head2"): keep it and warn, describe (the price in cost, the words in the description), number (only the price), reject the row' '--match-by	match existing records by these fields (comma list) instead of id, slug, then name/title+start' '--on-conflict	a row that matches an existing, different record: update it, skip it, or reject it (fail)' '--concurrency	requests in flight (lower it to spare a busy site)' '--batch-size	writes per request through the site\'s batch route, when it takes them (1: one request per row)' '--resume	continue an interrupted import from its checkpoint (FILE.calctl-checkpoint.json)' '--rejects	write rejected rows there, as read plus an "error" column (CSV, or NDJSON for .ndjson)' '--fail-fast	stop at the first rejected row' '-q	print nothing when every row is done (rejects, warnings and failures still go to stderr; the summary on stdout only with -o json)' '--quiet	print nothing when every row is done (rejects, warnings and failures still go to stderr; the summary on stdout only with -o json)' '-h	display help for command' '--help	display help for command'
        case 'import tags'
            printf '%s\n' '--format	input format (default: from the extension, else csv)' '--sheet	Excel workbook: the sheet to read, by name or position (default: the first)' '--until	iCalendar: occurrences of recurring events up to this date (default: +1y)' '--delimiter	CSV field delimiter (default: found in the header line among , ; tab and |; Excel in some locales writes ";"; "tab" for a tab)' '--encoding	CSV text encoding (default: UTF-8; a file that is not is read as Windows-1252, UTF-16 by its byte order mark)' '--map	map a column to a field, e.g. --map \'Start=start_date\' (repeatable; \'Col=\' ignores it)' '--map-file	JSON object of column → field mappings' '--strict	unknown columns are an error instead of a warning, and a row the site would keep otherwise than written is rejected' '--default-duration	events given no end (no end column or DTEND) last this long, e.g. 2h (default: they end as they start)' '--on-lossy	a cell the site would keep otherwise than written (a cost such as "£2 per head", shown "£ per head2"): keep it and warn, describe (the price in cost, the words in the description), number (only the price), reject the row' '--match-by	match existing records by these fields (comma list) instead of id, slug, then name/title+start' '--on-conflict	a row that matches an existing, different record: update it, skip it, or reject it (fail)' '--concurrency	requests in flight (lower it to spare a busy site)' '--batch-size	writes per request through the site\'s batch route, when it takes them (1: one request per row)' '--resume	continue an interrupted import from its checkpoint (FILE.calctl-checkpoint.json)' '--rejects	write rejected rows there, as read plus an "error" column (CSV, or NDJSON for .ndjson)' '--fail-fast	stop at the first rejected row' '-q	print nothing when every row is done (rejects, warnings and failures still go to stderr; the summary on stdout only with -o json)' '--quiet	print nothing when every row is done (rejects, warnings and failures still go to stderr; the summary on stdout only with -o json)' '-h	display help for command' '--help	display help for command'
        case 'export'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'export events'
            printf '%s\n' '--start-date	events that start on or after this day (default: any; export asks from 1900-01-01) (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--end-date	events that end on or before this day (default: any; export asks up to 2100-12-31) (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--starts-before	events that start before this date (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--starts-after	events that start after this date (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--ends-before	events that end before this date (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--ends-after	events that end after this date (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)' '--strict-dates	use the exact times of the date filters instead of whole days (default: false)' '--no-strict-dates	same as --strict-dates=false' '--search	words that must all occur in the title, description or excerpt' '--categories	events in any of these categories (IDs or slugs; a parent includes its children); calctl also takes a slug or a name (repeatable or comma list)' '--tags	events with any of these tags (IDs or slugs); calctl also takes a slug or a name (repeatable or comma list)' '--venue	events at any of these venue IDs; calctl also takes a slug or a name (repeatable or comma list)' '--organizer	events run by any of these organizer IDs; calctl also takes a slug or a name (repeatable or comma list)' '--featured	only featured (or only not featured) events' '--no-featured	same as --featured=false' '--status	only records with these statuses (comma list; any = every status but trash; anonymous readers may only ask for publish) (repeatable or comma list)' '--geoloc	events whose venue has coordinates (needs the premium extension) [premium]' '--no-geoloc	same as --geoloc=false' '--geoloc-lat	venue latitude, with geoloc_lng (needs the premium extension) [premium]' '--geoloc-lng	venue longitude, with geoloc_lat (needs the premium extension) [premium]' '--include	only these event IDs (array or comma list; the default date window still applies) (repeatable or comma list)' '--post-parent	events whose parent is this event ID' '--ticketed	events with or without tickets (needs the ticketing plugin) [premium]' '--no-ticketed	same as --ticketed=false' '--file	write there instead of stdout' '-q	print nothing but the records (no "exported N" line on stderr; warnings still go there)' '--quiet	print nothing but the records (no "exported N" line on stderr; warnings still go there)' '--columns	CSV headers: ours (field names) or site (the site importer labels)' '--delimiter	CSV field delimiter (default ","; "tab")' '--concurrency	requests in flight: the next pages are asked for while one is written (1 spares a busy site)' '-h	display help for command' '--help	display help for command'
        case 'export venues'
            printf '%s\n' '--search	words that must all occur in one field (name, description or address parts)' '--event	the venue of this event ID' '--has-events	venues with (true) or without (false) published events' '--no-has-events	same as --has-events=false' '--only-with-upcoming	only venues with upcoming events (default: false)' '--no-only-with-upcoming	same as --only-with-upcoming=false' '--status	only records with these statuses (comma list; any = every status but trash; anonymous readers may only ask for publish) (repeatable or comma list)' '--file	write there instead of stdout' '-q	print nothing but the records (no "exported N" line on stderr; warnings still go there)' '--quiet	print nothing but the records (no "exported N" line on stderr; warnings still go there)' '--columns	CSV headers: ours (field names) or site (the site importer labels)' '--delimiter	CSV field delimiter (default ","; "tab")' '--concurrency	requests in flight: the next pages are asked for while one is written (1 spares a busy site)' '-h	display help for command' '--help	display help for command'
        case 'export organizers'
            printf '%s\n' '--search	words that must all occur in one field (name, description, phone, e-mail or website)' '--event	organizers of this event ID' '--has-events	organizers with (true) or without (false) published events' '--no-has-events	same as --has-events=false' '--only-with-upcoming	only organizers with upcoming events (default: false)' '--no-only-with-upcoming	same as --only-with-upcoming=false' '--status	only records with these statuses (comma list; any = every status but trash; anonymous readers may only ask for publish) (repeatable or comma list)' '--file	write there instead of stdout' '-q	print nothing but the records (no "exported N" line on stderr; warnings still go there)' '--quiet	print nothing but the records (no "exported N" line on stderr; warnings still go there)' '--columns	CSV headers: ours (field names) or site (the site importer labels)' '--delimiter	CSV field delimiter (default ","; "tab")' '--concurrency	requests in flight: the next pages are asked for while one is written (1 spares a busy site)' '-h	display help for command' '--help	display help for command'
        case 'export categories'
            printf '%s\n' '--search	text contained in the name or slug' '--exclude	leave out these IDs (repeatable or comma list)' '--include	only these IDs (repeatable or comma list)' '--order	sort direction (default asc)' '--orderby	sort key (default name)' '--hide-empty	leave out terms used by no event (default true)' '--no-hide-empty	same as --hide-empty=false' '--parent	children of this category ID; calctl also takes a slug or a name' '--post	terms of this event ID' '--event	same as post' '--slug	the term with this slug' '--file	write there instead of stdout' '-q	print nothing but the records (no "exported N" line on stderr; warnings still go there)' '--quiet	print nothing but the records (no "exported N" line on stderr; warnings still go there)' '--columns	CSV headers: ours (field names) or site (the site importer labels)' '--delimiter	CSV field delimiter (default ","; "tab")' '--concurrency	requests in flight: the next pages are asked for while one is written (1 spares a busy site)' '-h	display help for command' '--help	display help for command'
        case 'export tags'
            printf '%s\n' '--search	text contained in the name or slug' '--exclude	leave out these IDs (repeatable or comma list)' '--include	only these IDs (repeatable or comma list)' '--order	sort direction (default asc)' '--orderby	sort key (default name)' '--hide-empty	leave out terms used by no event (default true)' '--no-hide-empty	same as --hide-empty=false' '--post	terms of this event ID' '--event	same as post' '--slug	the term with this slug' '--file	write there instead of stdout' '-q	print nothing but the records (no "exported N" line on stderr; warnings still go there)' '--quiet	print nothing but the records (no "exported N" line on stderr; warnings still go there)' '--columns	CSV headers: ours (field names) or site (the site importer labels)' '--delimiter	CSV field delimiter (default ","; "tab")' '--concurrency	requests in flight: the next pages are asked for while one is written (1 spares a busy site)' '-h	display help for command' '--help	display help for command'
        case 'help'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case 'completion'
            printf '%s\n' '-h	display help for command' '--help	display help for command'
        case ':global'
            printf '%s\n' '-V	output the version number' '--version	output the version number' '--profile	use this stored profile (shorthand: calctl @name …)' '--url	site URL (https://example.org) or API base (…/wp-json/tribe/events/v1)' '--user	WordPress user for basic auth with an application password' '--token	bearer token (sites with a JWT plugin); warns: prefer CALCTL_TOKEN' '--password-stdin	read the application password from stdin' '--vendor	namespace vendor (default tribe → tribe/events/v1)' '-o	table, json, ndjson, csv, yaml, ids, count (default: table on a terminal, json when piped)' '--output	table, json, ndjson, csv, yaml, ids, count (default: table on a terminal, json when piped)' '--json	same as --output json' '--fields	only these fields, comma-separated, dotted paths allowed (venue.venue)' '--field	print one bare value per record' '--raw	print text exactly as the site sent it (by default names, titles and other plain text are decoded: Kids’ Club, not Kids&#8217; Club)' '--verbose	log each request on stderr (also CALCTL_DEBUG=api); credentials are never shown' '--debug	show stack traces of errors' '--timeout	per-request timeout (default 30)' '--insecure	accept invalid TLS certificates (warns on every run)' '--date-format	order of day, month and year in numeric dates, for every date flag and imported column: d/m/Y, m/d/Y, Y-m-d (also d.m.Y, DD/MM/YYYY …)' '--ca-file	also trust the certificate authority in this PEM file (a private CA); verification stays on' '--timezone	zone for dates without offset (default: the site\'s time zone, UTC for the local calendar); on events create/update also the event zone' '-y	do not ask for confirmation' '--yes	do not ask for confirmation' '--dry-run	print the write request (JSON on stdout) instead of sending it' '--offline	work on the profile\'s offline working copy (made by calctl sync pull), not the site'
    end
end

function __calctl_optval
    switch "$argv[1]"
        case '|-h' '|--help' 'events|-h' 'events|--help' 'events list|--no-strict-dates' 'events list|--no-featured' 'events list|--no-geoloc' 'events list|--no-ticketed' 'events list|--all' 'events list|-h' 'events list|--help' 'events get|-h' 'events get|--help' 'events create|--no-all-day' 'events create|--no-show-map' 'events create|--no-show-map-link' 'events create|--no-hide-from-listings' 'events create|--no-sticky' 'events create|--no-featured' 'events create|--create-missing' 'events create|--porcelain' 'events create|-h' 'events create|--help' 'events update|--no-all-day' 'events update|--no-show-map' 'events update|--no-show-map-link' 'events update|--no-hide-from-listings' 'events update|--no-sticky' 'events update|--no-featured' 'events update|--create-missing' 'events update|-h' 'events update|--help' 'events copy|--no-all-day' 'events copy|--no-show-map' 'events copy|--no-show-map-link' 'events copy|--no-hide-from-listings' 'events copy|--no-sticky' 'events copy|--no-featured' 'events copy|--create-missing' 'events copy|--porcelain' 'events copy|-h' 'events copy|--help' 'events delete|--force' 'events delete|-h' 'events delete|--help' 'events restore|-h' 'events restore|--help' 'venues|-h' 'venues|--help' 'venues list|--no-has-events' 'venues list|--no-only-with-upcoming' 'venues list|--all' 'venues list|-h' 'venues list|--help' 'venues get|-h' 'venues get|--help' 'venues create|--create-missing' 'venues create|--porcelain' 'venues create|-h' 'venues create|--help' 'venues update|--create-missing' 'venues update|-h' 'venues update|--help' 'venues delete|--force' 'venues delete|-h' 'venues delete|--help' 'venues restore|-h' 'venues restore|--help' 'venues duplicates|-h' 'venues duplicates|--help' 'venues merge|--fill' 'venues merge|-h' 'venues merge|--help' 'organizers|-h' 'organizers|--help' 'organizers list|--no-has-events' 'organizers list|--no-only-with-upcoming' 'organizers list|--all' 'organizers list|-h' 'organizers list|--help' 'organizers get|-h' 'organizers get|--help' 'organizers create|--create-missing' 'organizers create|--porcelain' 'organizers create|-h' 'organizers create|--help' 'organizers update|--create-missing' 'organizers update|-h' 'organizers update|--help' 'organizers delete|--force' 'organizers delete|-h' 'organizers delete|--help' 'organizers restore|-h' 'organizers restore|--help' 'organizers duplicates|-h' 'organizers duplicates|--help' 'organizers merge|--fill' 'organizers merge|-h' 'organizers merge|--help' 'categories|-h' 'categories|--help' 'categories list|--no-hide-empty' 'categories list|--all' 'categories list|-h' 'categories list|--help' 'categories get|-h' 'categories get|--help' 'categories create|--create-missing' 'categories create|--porcelain' 'categories create|-h' 'categories create|--help' 'categories update|--create-missing' 'categories update|-h' 'categories update|--help' 'categories delete|-h' 'categories delete|--help' 'tags|-h' 'tags|--help' 'tags list|--no-hide-empty' 'tags list|--all' 'tags list|-h' 'tags list|--help' 'tags get|-h' 'tags get|--help' 'tags create|--create-missing' 'tags create|--porcelain' 'tags create|-h' 'tags create|--help' 'tags update|--create-missing' 'tags update|-h' 'tags update|--help' 'tags delete|-h' 'tags delete|--help' 'api|--paginate' 'api|-h' 'api|--help' 'info|-h' 'info|--help' 'doc|-h' 'doc|--help' 'serve|--batch-plugin-routes' 'serve|-h' 'serve|--help' 'serve users|-h' 'serve users|--help' 'serve users add|-h' 'serve users add|--help' 'serve users list|-h' 'serve users list|--help' 'serve users remove|-h' 'serve users remove|--help' 'profile|-h' 'profile|--help' 'profile add|--token-stdin' 'profile add|--default' 'profile add|--no-test' 'profile add|-h' 'profile add|--help' 'profile list|-h' 'profile list|--help' 'profile show|-h' 'profile show|--help' 'profile use|-h' 'profile use|--help' 'profile remove|-h' 'profile remove|--help' 'profile test|-h' 'profile test|--help' 'agenda|--local-time' 'agenda|--no-featured' 'agenda|--no-geoloc' 'agenda|--no-ticketed' 'agenda|-h' 'agenda|--help' 'calendar|--local-time' 'calendar|--no-featured' 'calendar|--no-geoloc' 'calendar|--no-ticketed' 'calendar|-h' 'calendar|--help' 'add|-h' 'add|--help' 'sync|-q' 'sync|--quiet' 'sync|-h' 'sync|--help' 'sync pull|-q' 'sync pull|--quiet' 'sync pull|-h' 'sync pull|--help' 'sync push|-q' 'sync push|--quiet' 'sync push|-h' 'sync push|--help' 'sync status|-v' 'sync status|--changes' 'sync status|-h' 'sync status|--help' 'sync resolve|-q' 'sync resolve|--quiet' 'sync resolve|-h' 'sync resolve|--help' 'feeds|-h' 'feeds|--help' 'feeds add|-h' 'feeds add|--help' 'feeds list|-h' 'feeds list|--help' 'feeds show|-h' 'feeds show|--help' 'feeds remove|--trash-events' 'feeds remove|-h' 'feeds remove|--help' 'feeds run|--force' 'feeds run|-q' 'feeds run|--quiet' 'feeds run|-h' 'feeds run|--help' 'feeds cron|-h' 'feeds cron|--help' 'migrate|-q' 'migrate|--quiet' 'migrate|-h' 'migrate|--help' 'history|-h' 'history|--help' 'history show|-h' 'history show|--help' 'undo|--force' 'undo|-h' 'undo|--help' 'import|-h' 'import|--help' 'import events|--strict' 'import events|--resume' 'import events|--fail-fast' 'import events|-q' 'import events|--quiet' 'import events|-h' 'import events|--help' 'import venues|--strict' 'import venues|--resume' 'import venues|--fail-fast' 'import venues|-q' 'import venues|--quiet' 'import venues|-h' 'import venues|--help' 'import organizers|--strict' 'import organizers|--resume' 'import organizers|--fail-fast' 'import organizers|-q' 'import organizers|--quiet' 'import organizers|-h' 'import organizers|--help' 'import categories|--strict' 'import categories|--resume' 'import categories|--fail-fast' 'import categories|-q' 'import categories|--quiet' 'import categories|-h' 'import categories|--help' 'import tags|--strict' 'import tags|--resume' 'import tags|--fail-fast' 'import tags|-q' 'import tags|--quiet' 'import tags|-h' 'import tags|--help' 'export|-h' 'export|--help' 'export events|--no-strict-dates' 'export events|--no-featured' 'export events|--no-geoloc' 'export events|--no-ticketed' 'export events|-q' 'export events|--quiet' 'export events|-h' 'export events|--help' 'export venues|--no-has-events' 'export venues|--no-only-with-upcoming' 'export venues|-q' 'export venues|--quiet' 'export venues|-h' 'export venues|--help' 'export organizers|--no-has-events' 'export organizers|--no-only-with-upcoming' 'export organizers|-q' 'export organizers|--quiet' 'export organizers|-h' 'export organizers|--help' 'export categories|--no-hide-empty' 'export categories|-q' 'export categories|--quiet' 'export categories|-h' 'export categories|--help' 'export tags|--no-hide-empty' 'export tags|-q' 'export tags|--quiet' 'export tags|-h' 'export tags|--help' 'help|-h' 'help|--help' 'completion|-h' 'completion|--help'
            printf '%s\n' 'n'
        case '|-o' '|--output' 'events|-o' 'events|--output' 'events list|-o' 'events list|--output' 'events get|-o' 'events get|--output' 'events create|-o' 'events create|--output' 'events update|-o' 'events update|--output' 'events copy|-o' 'events copy|--output' 'events delete|-o' 'events delete|--output' 'events restore|-o' 'events restore|--output' 'venues|-o' 'venues|--output' 'venues list|-o' 'venues list|--output' 'venues get|-o' 'venues get|--output' 'venues create|-o' 'venues create|--output' 'venues update|-o' 'venues update|--output' 'venues delete|-o' 'venues delete|--output' 'venues restore|-o' 'venues restore|--output' 'venues duplicates|-o' 'venues duplicates|--output' 'venues merge|-o' 'venues merge|--output' 'organizers|-o' 'organizers|--output' 'organizers list|-o' 'organizers list|--output' 'organizers get|-o' 'organizers get|--output' 'organizers create|-o' 'organizers create|--output' 'organizers update|-o' 'organizers update|--output' 'organizers delete|-o' 'organizers delete|--output' 'organizers restore|-o' 'organizers restore|--output' 'organizers duplicates|-o' 'organizers duplicates|--output' 'organizers merge|-o' 'organizers merge|--output' 'categories|-o' 'categories|--output' 'categories list|-o' 'categories list|--output' 'categories get|-o' 'categories get|--output' 'categories create|-o' 'categories create|--output' 'categories update|-o' 'categories update|--output' 'categories delete|-o' 'categories delete|--output' 'tags|-o' 'tags|--output' 'tags list|-o' 'tags list|--output' 'tags get|-o' 'tags get|--output' 'tags create|-o' 'tags create|--output' 'tags update|-o' 'tags update|--output' 'tags delete|-o' 'tags delete|--output' 'api|-o' 'api|--output' 'info|-o' 'info|--output' 'doc|-o' 'doc|--output' 'serve|-o' 'serve|--output' 'serve users|-o' 'serve users|--output' 'serve users add|-o' 'serve users add|--output' 'serve users list|-o' 'serve users list|--output' 'serve users remove|-o' 'serve users remove|--output' 'profile|-o' 'profile|--output' 'profile add|-o' 'profile add|--output' 'profile list|-o' 'profile list|--output' 'profile show|-o' 'profile show|--output' 'profile use|-o' 'profile use|--output' 'profile remove|-o' 'profile remove|--output' 'profile test|-o' 'profile test|--output' 'agenda|-o' 'agenda|--output' 'calendar|-o' 'calendar|--output' 'add|-o' 'add|--output' 'sync|-o' 'sync|--output' 'sync pull|-o' 'sync pull|--output' 'sync push|-o' 'sync push|--output' 'sync status|-o' 'sync status|--output' 'sync resolve|-o' 'sync resolve|--output' 'feeds|-o' 'feeds|--output' 'feeds add|-o' 'feeds add|--output' 'feeds list|-o' 'feeds list|--output' 'feeds show|-o' 'feeds show|--output' 'feeds remove|-o' 'feeds remove|--output' 'feeds run|-o' 'feeds run|--output' 'feeds cron|-o' 'feeds cron|--output' 'migrate|-o' 'migrate|--output' 'history|-o' 'history|--output' 'history show|-o' 'history show|--output' 'undo|-o' 'undo|--output' 'import|-o' 'import|--output' 'import events|-o' 'import events|--output' 'import venues|-o' 'import venues|--output' 'import organizers|-o' 'import organizers|--output' 'import categories|-o' 'import categories|--output' 'import tags|-o' 'import tags|--output' 'export|-o' 'export|--output' 'help|-o' 'help|--output' 'completion|-o' 'completion|--output'
            printf '%s\n' 'r s choices table json ndjson csv yaml ids count'
        case '|--fields' '|--field' 'events list|--page' 'events list|--per-page' 'events list|--start-date' 'events list|--end-date' 'events list|--starts-before' 'events list|--starts-after' 'events list|--ends-before' 'events list|--ends-after' 'events list|--search' 'events list|--geoloc-lat' 'events list|--geoloc-lng' 'events list|--include' 'events list|--post-parent' 'events list|--limit' 'events get|--slug' 'events create|--author' 'events create|--date' 'events create|--date-utc' 'events create|--title' 'events create|--description' 'events create|--slug' 'events create|--excerpt' 'events create|--start-date' 'events create|--end-date' 'events create|--image' 'events create|--cost' 'events create|--website' 'events create|--duration' 'events update|--author' 'events update|--date' 'events update|--date-utc' 'events update|--title' 'events update|--description' 'events update|--slug' 'events update|--excerpt' 'events update|--start-date' 'events update|--end-date' 'events update|--image' 'events update|--cost' 'events update|--website' 'events update|--duration' 'events update|--where' 'events update|--before' 'events copy|--slug' 'events copy|--author' 'events copy|--date' 'events copy|--date-utc' 'events copy|--title' 'events copy|--description' 'events copy|--excerpt' 'events copy|--start-date' 'events copy|--end-date' 'events copy|--image' 'events copy|--cost' 'events copy|--website' 'events copy|--duration' 'events delete|--slug' 'events delete|--where' 'events delete|--before' 'events restore|--slug' 'events restore|--where' 'events restore|--before' 'venues list|--page' 'venues list|--per-page' 'venues list|--search' 'venues list|--event' 'venues list|--limit' 'venues get|--slug' 'venues create|--author' 'venues create|--date' 'venues create|--date-utc' 'venues create|--venue' 'venues create|--description' 'venues create|--show-map' 'venues create|--show-map-link' 'venues create|--address' 'venues create|--city' 'venues create|--country' 'venues create|--province' 'venues create|--state' 'venues create|--zip' 'venues create|--phone' 'venues create|--stateprovince' 'venues create|--website' 'venues create|--image' 'venues update|--author' 'venues update|--date' 'venues update|--date-utc' 'venues update|--venue' 'venues update|--description' 'venues update|--show-map' 'venues update|--show-map-link' 'venues update|--address' 'venues update|--city' 'venues update|--country' 'venues update|--province' 'venues update|--state' 'venues update|--zip' 'venues update|--phone' 'venues update|--stateprovince' 'venues update|--website' 'venues update|--image' 'venues update|--slug' 'venues update|--where' 'venues delete|--slug' 'venues delete|--where' 'venues restore|--slug' 'venues restore|--where' 'organizers list|--page' 'organizers list|--per-page' 'organizers list|--search' 'organizers list|--event' 'organizers list|--limit' 'organizers get|--slug' 'organizers create|--author' 'organizers create|--date' 'organizers create|--date-utc' 'organizers create|--organizer' 'organizers create|--description' 'organizers create|--phone' 'organizers create|--website' 'organizers create|--email' 'organizers create|--image' 'organizers update|--author' 'organizers update|--date' 'organizers update|--date-utc' 'organizers update|--organizer' 'organizers update|--description' 'organizers update|--phone' 'organizers update|--website' 'organizers update|--email' 'organizers update|--image' 'organizers update|--slug' 'organizers update|--where' 'organizers delete|--slug' 'organizers delete|--where' 'organizers restore|--slug' 'organizers restore|--where' 'categories list|--page' 'categories list|--per-page' 'categories list|--search' 'categories list|--exclude' 'categories list|--include' 'categories list|--post' 'categories list|--event' 'categories list|--slug' 'categories list|--limit' 'categories create|--name' 'categories create|--description' 'categories create|--slug' 'categories update|--name' 'categories update|--description' 'categories update|--slug' 'categories update|--where' 'categories delete|--where' 'tags list|--page' 'tags list|--per-page' 'tags list|--search' 'tags list|--exclude' 'tags list|--include' 'tags list|--post' 'tags list|--event' 'tags list|--slug' 'tags list|--limit' 'tags create|--name' 'tags create|--description' 'tags create|--slug' 'tags update|--name' 'tags update|--description' 'tags update|--slug' 'tags update|--where' 'tags delete|--where' 'api|-f' 'api|--raw-field' 'api|-F' 'api|--field-typed' 'api|-H' 'api|--header' 'api|--fields' 'api|--field' 'info|--fields' 'info|--field' 'doc|--fields' 'doc|--field' 'serve|--host' 'serve|--port' 'serve|--per-page' 'serve|--base-path' 'serve|--fields' 'serve|--field' 'serve users|--fields' 'serve users|--field' 'serve users add|--role' 'serve users add|--email' 'serve users add|--password-file' 'serve users add|--app-name' 'serve users add|--fields' 'serve users add|--field' 'serve users list|--fields' 'serve users list|--field' 'serve users remove|--reassign' 'serve users remove|--fields' 'serve users remove|--field' 'profile|--fields' 'profile|--field' 'profile add|--per-page' 'profile add|--fields' 'profile add|--field' 'profile list|--fields' 'profile list|--field' 'profile show|--fields' 'profile show|--field' 'profile use|--fields' 'profile use|--field' 'profile remove|--fields' 'profile remove|--field' 'profile test|--fields' 'profile test|--field' 'agenda|--days' 'agenda|--start-date' 'agenda|--end-date' 'agenda|--starts-after' 'agenda|--ends-before' 'agenda|--search' 'agenda|--categories' 'agenda|--tags' 'agenda|--venue' 'agenda|--organizer' 'agenda|--status' 'agenda|--geoloc-lat' 'agenda|--geoloc-lng' 'agenda|--include' 'agenda|--post-parent' 'agenda|--fields' 'agenda|--field' 'calendar|--month' 'calendar|--week-start' 'calendar|--starts-after' 'calendar|--ends-before' 'calendar|--search' 'calendar|--categories' 'calendar|--tags' 'calendar|--venue' 'calendar|--organizer' 'calendar|--status' 'calendar|--geoloc-lat' 'calendar|--geoloc-lng' 'calendar|--include' 'calendar|--post-parent' 'calendar|--fields' 'calendar|--field' 'add|--fields' 'add|--field' 'sync|--fields' 'sync|--field' 'sync pull|--fields' 'sync pull|--field' 'sync push|--fields' 'sync push|--field' 'sync status|--fields' 'sync status|--field' 'sync resolve|--resource' 'sync resolve|--fields' 'sync resolve|--field' 'feeds|--fields' 'feeds|--field' 'feeds add|--category' 'feeds add|--tag' 'feeds add|--from' 'feeds add|--until' 'feeds add|--limit' 'feeds add|--default-duration' 'feeds add|--fields' 'feeds add|--field' 'feeds list|--fields' 'feeds list|--field' 'feeds show|--fields' 'feeds show|--field' 'feeds remove|--fields' 'feeds remove|--field' 'feeds run|--wait' 'feeds run|--fields' 'feeds run|--field' 'feeds cron|--every' 'feeds cron|--fields' 'feeds cron|--field' 'migrate|--status' 'migrate|--fields' 'migrate|--field' 'history|--limit' 'history|--fields' 'history|--field' 'history show|--fields' 'history show|--field' 'undo|--fields' 'undo|--field' 'import|--fields' 'import|--field' 'import events|--sheet' 'import events|--until' 'import events|--delimiter' 'import events|--encoding' 'import events|--map' 'import events|--default-duration' 'import events|--match-by' 'import events|--concurrency' 'import events|--batch-size' 'import venues|--sheet' 'import venues|--until' 'import venues|--delimiter' 'import venues|--encoding' 'import venues|--map' 'import venues|--default-duration' 'import venues|--match-by' 'import venues|--concurrency' 'import venues|--batch-size' 'import organizers|--sheet' 'import organizers|--until' 'import organizers|--delimiter' 'import organizers|--encoding' 'import organizers|--map' 'import organizers|--default-duration' 'import organizers|--match-by' 'import organizers|--concurrency' 'import organizers|--batch-size' 'import categories|--sheet' 'import categories|--until' 'import categories|--delimiter' 'import categories|--encoding' 'import categories|--map' 'import categories|--default-duration' 'import categories|--match-by' 'import categories|--concurrency' 'import categories|--batch-size' 'import tags|--sheet' 'import tags|--until' 'import tags|--delimiter' 'import tags|--encoding' 'import tags|--map' 'import tags|--default-duration' 'import tags|--match-by' 'import tags|--concurrency' 'import tags|--batch-size' 'export|--fields' 'export|--field' 'export events|--start-date' 'export events|--end-date' 'export events|--starts-before' 'export events|--starts-after' 'export events|--ends-before' 'export events|--ends-after' 'export events|--search' 'export events|--geoloc-lat' 'export events|--geoloc-lng' 'export events|--include' 'export events|--post-parent' 'export events|--delimiter' 'export events|--concurrency' 'export venues|--search' 'export venues|--event' 'export venues|--delimiter' 'export venues|--concurrency' 'export organizers|--search' 'export organizers|--event' 'export organizers|--delimiter' 'export organizers|--concurrency' 'export categories|--search' 'export categories|--exclude' 'export categories|--include' 'export categories|--post' 'export categories|--event' 'export categories|--slug' 'export categories|--delimiter' 'export categories|--concurrency' 'export tags|--search' 'export tags|--exclude' 'export tags|--include' 'export tags|--post' 'export tags|--event' 'export tags|--slug' 'export tags|--delimiter' 'export tags|--concurrency' 'help|--fields' 'help|--field' 'completion|--fields' 'completion|--field'
            printf '%s\n' 'r s none'
        case 'events|--fields' 'events list|--fields' 'events get|--fields' 'events create|--fields' 'events update|--fields' 'events copy|--fields' 'events delete|--fields' 'events restore|--fields' 'import events|--fields' 'export events|--fields'
            printf '%s\n' 'r l choices id global_id global_id_lineage author status date date_utc modified modified_utc url rest_url title description excerpt slug image all_day start_date start_date_details end_date end_date_details utc_start_date utc_start_date_details utc_end_date utc_end_date_details timezone timezone_abbr cost cost_details website show_map show_map_link hide_from_listings sticky featured categories tags venue organizer custom_fields'
        case 'events|--field' 'events list|--field' 'events get|--field' 'events create|--field' 'events update|--field' 'events copy|--field' 'events delete|--field' 'events restore|--field' 'import events|--field' 'export events|--field'
            printf '%s\n' 'r s choices id global_id global_id_lineage author status date date_utc modified modified_utc url rest_url title description excerpt slug image all_day start_date start_date_details end_date end_date_details utc_start_date utc_start_date_details utc_end_date utc_end_date_details timezone timezone_abbr cost cost_details website show_map show_map_link hide_from_listings sticky featured categories tags venue organizer custom_fields'
        case 'events list|--strict-dates' 'events list|--featured' 'events list|--geoloc' 'events list|--ticketed' 'events create|--all-day' 'events create|--show-map' 'events create|--show-map-link' 'events create|--hide-from-listings' 'events create|--sticky' 'events create|--featured' 'events update|--all-day' 'events update|--show-map' 'events update|--show-map-link' 'events update|--hide-from-listings' 'events update|--sticky' 'events update|--featured' 'events copy|--all-day' 'events copy|--show-map' 'events copy|--show-map-link' 'events copy|--hide-from-listings' 'events copy|--sticky' 'events copy|--featured' 'venues list|--has-events' 'venues list|--only-with-upcoming' 'organizers list|--has-events' 'organizers list|--only-with-upcoming' 'categories list|--hide-empty' 'tags list|--hide-empty' 'agenda|--featured' 'agenda|--geoloc' 'agenda|--ticketed' 'calendar|--week' 'calendar|--featured' 'calendar|--geoloc' 'calendar|--ticketed' 'export events|--strict-dates' 'export events|--featured' 'export events|--geoloc' 'export events|--ticketed' 'export venues|--has-events' 'export venues|--only-with-upcoming' 'export organizers|--has-events' 'export organizers|--only-with-upcoming' 'export categories|--hide-empty' 'export tags|--hide-empty'
            printf '%s\n' 'o s choices true false'
        case 'events list|--categories' 'events create|--categories' 'events update|--categories' 'events copy|--categories' 'export events|--categories'
            printf '%s\n' 'r l dynamic slugs categories'
        case 'events list|--tags' 'events create|--tags' 'events update|--tags' 'events copy|--tags' 'export events|--tags'
            printf '%s\n' 'r l dynamic slugs tags'
        case 'events list|--venue' 'events create|--venue' 'events update|--venue' 'events copy|--venue' 'export events|--venue'
            printf '%s\n' 'r l dynamic refs venues'
        case 'events list|--organizer' 'events create|--organizer' 'events update|--organizer' 'events copy|--organizer' 'export events|--organizer'
            printf '%s\n' 'r l dynamic refs organizers'
        case 'events list|--status' 'events create|--status' 'events update|--status' 'events copy|--status' 'venues list|--status' 'venues create|--status' 'venues update|--status' 'organizers list|--status' 'organizers create|--status' 'organizers update|--status' 'export events|--status' 'export venues|--status' 'export organizers|--status'
            printf '%s\n' 'r l choices publish future draft pending private trash any'
        case 'events create|--data' 'events update|--data' 'venues create|--data' 'venues update|--data' 'organizers create|--data' 'organizers update|--data' 'categories create|--data' 'categories update|--data' 'tags create|--data' 'tags update|--data' 'api|--data'
            printf '%s\n' 'r s atfile'
        case 'events restore|--status' 'venues restore|--status' 'organizers restore|--status'
            printf '%s\n' 'r s choices publish draft pending private'
        case 'venues|--fields' 'venues list|--fields' 'venues get|--fields' 'venues create|--fields' 'venues update|--fields' 'venues delete|--fields' 'venues restore|--fields' 'venues duplicates|--fields' 'venues merge|--fields' 'import venues|--fields' 'export venues|--fields'
            printf '%s\n' 'r l choices id author status date date_utc modified modified_utc url venue description excerpt slug image address city country province state zip phone website stateprovince show_map show_map_link global_id global_id_lineage'
        case 'venues|--field' 'venues list|--field' 'venues get|--field' 'venues create|--field' 'venues update|--field' 'venues delete|--field' 'venues restore|--field' 'venues duplicates|--field' 'venues merge|--field' 'import venues|--field' 'export venues|--field'
            printf '%s\n' 'r s choices id author status date date_utc modified modified_utc url venue description excerpt slug image address city country province state zip phone website stateprovince show_map show_map_link global_id global_id_lineage'
        case 'organizers|--fields' 'organizers list|--fields' 'organizers get|--fields' 'organizers create|--fields' 'organizers update|--fields' 'organizers delete|--fields' 'organizers restore|--fields' 'organizers duplicates|--fields' 'organizers merge|--fields' 'import organizers|--fields' 'export organizers|--fields'
            printf '%s\n' 'r l choices id author status date date_utc modified modified_utc url organizer description excerpt slug image phone website email global_id global_id_lineage'
        case 'organizers|--field' 'organizers list|--field' 'organizers get|--field' 'organizers create|--field' 'organizers update|--field' 'organizers delete|--field' 'organizers restore|--field' 'organizers duplicates|--field' 'organizers merge|--field' 'import organizers|--field' 'export organizers|--field'
            printf '%s\n' 'r s choices id author status date date_utc modified modified_utc url organizer description excerpt slug image phone website email global_id global_id_lineage'
        case 'categories|--fields' 'categories list|--fields' 'categories get|--fields' 'categories create|--fields' 'categories update|--fields' 'categories delete|--fields' 'import categories|--fields' 'export categories|--fields'
            printf '%s\n' 'r l choices id count description name slug taxonomy parent meta url urls'
        case 'categories|--field' 'categories list|--field' 'categories get|--field' 'categories create|--field' 'categories update|--field' 'categories delete|--field' 'import categories|--field' 'export categories|--field'
            printf '%s\n' 'r s choices id count description name slug taxonomy parent meta url urls'
        case 'categories list|--order' 'tags list|--order' 'export categories|--order' 'export tags|--order'
            printf '%s\n' 'r s choices asc desc'
        case 'categories list|--orderby' 'tags list|--orderby' 'export categories|--orderby' 'export tags|--orderby'
            printf '%s\n' 'r s choices name id slug count description term_group parent include'
        case 'categories list|--parent' 'categories create|--parent' 'categories update|--parent' 'export categories|--parent'
            printf '%s\n' 'r s dynamic slugs categories'
        case 'tags|--fields' 'tags list|--fields' 'tags get|--fields' 'tags create|--fields' 'tags update|--fields' 'tags delete|--fields' 'import tags|--fields' 'export tags|--fields'
            printf '%s\n' 'r l choices id count description name slug taxonomy meta url urls'
        case 'tags|--field' 'tags list|--field' 'tags get|--field' 'tags create|--field' 'tags update|--field' 'tags delete|--field' 'import tags|--field' 'export tags|--field'
            printf '%s\n' 'r s choices id count description name slug taxonomy meta url urls'
        case 'serve|--data-dir' 'serve users add|--data-dir' 'serve users list|--data-dir' 'serve users remove|--data-dir' 'sync|--data-dir' 'sync pull|--data-dir'
            printf '%s\n' 'r s dir'
        case 'serve|--permalinks'
            printf '%s\n' 'r s choices pretty plain'
        case 'serve|--locale'
            printf '%s\n' 'r s choices en_US fr_FR'
        case 'serve|--tls-cert' 'serve|--tls-key' 'import events|--map-file' 'import events|--rejects' 'import venues|--map-file' 'import venues|--rejects' 'import organizers|--map-file' 'import organizers|--rejects' 'import categories|--map-file' 'import categories|--rejects' 'import tags|--map-file' 'import tags|--rejects' 'export events|--file' 'export venues|--file' 'export organizers|--file' 'export categories|--file' 'export tags|--file'
            printf '%s\n' 'r s file'
        case 'sync|--on-conflict' 'sync pull|--on-conflict' 'sync push|--on-conflict' 'sync resolve|--take'
            printf '%s\n' 'r s choices local site'
        case 'feeds add|--status'
            printf '%s\n' 'r s choices publish draft pending'
        case 'feeds add|--authority'
            printf '%s\n' 'r s choices preserve-edits overwrite new-only'
        case 'feeds add|--on-removed'
            printf '%s\n' 'r s choices trash keep'
        case 'import events|--format' 'import venues|--format' 'import organizers|--format' 'import categories|--format' 'import tags|--format'
            printf '%s\n' 'r s choices csv ndjson json xlsx ics'
        case 'import events|--on-lossy' 'import venues|--on-lossy' 'import organizers|--on-lossy' 'import categories|--on-lossy' 'import tags|--on-lossy'
            printf '%s\n' 'r s choices keep describe number reject'
        case 'import events|--on-conflict' 'import venues|--on-conflict' 'import organizers|--on-conflict' 'import categories|--on-conflict' 'import tags|--on-conflict'
            printf '%s\n' 'r s choices update skip fail'
        case 'export events|--columns' 'export venues|--columns' 'export organizers|--columns' 'export categories|--columns' 'export tags|--columns'
            printf '%s\n' 'r s choices ours site'
        case 'export events|-o' 'export events|--output'
            printf '%s\n' 'r s choices csv ndjson json ics'
        case 'export venues|-o' 'export venues|--output' 'export organizers|-o' 'export organizers|--output' 'export categories|-o' 'export categories|--output' 'export tags|-o' 'export tags|--output'
            printf '%s\n' 'r s choices csv ndjson json'
        case '*|-V' '*|--version' '*|--password-stdin' '*|--json' '*|--raw' '*|--verbose' '*|--debug' '*|--insecure' '*|-y' '*|--yes' '*|--dry-run' '*|--offline'
            printf '%s\n' 'n'
        case '*|--profile'
            printf '%s\n' 'r s profiles'
        case '*|--url' '*|--user' '*|--token' '*|--vendor' '*|--timeout' '*|--date-format' '*|--ca-file'
            printf '%s\n' 'r s none'
        case '*|--timezone'
            printf '%s\n' 'r s dynamic timezones'
    end
end

function __calctl_arg
    switch "$argv[1]"
        case 'events get|#' 'events update|#' 'events copy|#' 'venues get|#' 'venues update|#' 'organizers get|#' 'organizers update|#' 'categories get|#' 'categories update|#' 'tags get|#' 'tags update|#' 'serve users add|#' 'serve users remove|#' 'profile add|#' 'profile show|#' 'profile use|#' 'profile remove|#' 'profile test|#' 'sync resolve|#' 'feeds show|#' 'feeds remove|#' 'history show|#' 'undo|#' 'import events|#' 'import venues|#' 'import organizers|#' 'import categories|#' 'import tags|#' 'completion|#'
            printf '%s\n' '1 -'
        case 'events get|0' 'events update|0' 'events delete|0'
            printf '%s\n' 'r s dynamic ids events'
        case 'events copy|0' 'events restore|0' 'venues restore|0' 'venues merge|0' 'venues merge|1' 'organizers restore|0' 'organizers merge|0' 'organizers merge|1' 'serve users add|0' 'serve users remove|0' 'profile add|0' 'add|0' 'sync resolve|0' 'feeds add|0' 'feeds add|1' 'feeds show|0' 'feeds remove|0' 'feeds run|0' 'feeds cron|0' 'migrate|0' 'migrate|1' 'history show|0' 'undo|0'
            printf '%s\n' 'r s none'
        case 'events delete|#' 'events restore|#' 'venues delete|#' 'venues restore|#' 'organizers delete|#' 'organizers restore|#' 'categories delete|#' 'tags delete|#' 'add|#' 'feeds run|#' 'feeds cron|#' 'help|#'
            printf '%s\n' '1 v'
        case 'venues get|0' 'venues update|0' 'venues delete|0'
            printf '%s\n' 'r s dynamic ids venues'
        case 'venues merge|#' 'organizers merge|#'
            printf '%s\n' '2 v'
        case 'organizers get|0' 'organizers update|0' 'organizers delete|0'
            printf '%s\n' 'r s dynamic ids organizers'
        case 'categories get|0' 'categories update|0' 'categories delete|0'
            printf '%s\n' 'r s dynamic ids categories'
        case 'tags get|0' 'tags update|0' 'tags delete|0'
            printf '%s\n' 'r s dynamic ids tags'
        case 'api|#' 'feeds add|#' 'migrate|#'
            printf '%s\n' '2 -'
        case 'api|0'
            printf '%s\n' 'r s choices GET POST PUT PATCH DELETE'
        case 'api|1'
            printf '%s\n' 'r s choices /events /venues /organizers /categories /tags'
        case 'profile show|0' 'profile use|0' 'profile remove|0' 'profile test|0'
            printf '%s\n' 'r s profiles'
        case 'import events|0' 'import venues|0' 'import organizers|0' 'import categories|0' 'import tags|0'
            printf '%s\n' 'r s file'
        case 'help|0'
            printf '%s\n' 'r s choices exit-codes profiles dates formats csv auth output events venues organizers categories tags api info doc serve profile agenda calendar add sync feeds migrate history undo import export help completion'
        case 'completion|0'
            printf '%s\n' 'r s choices bash zsh fish'
    end
end

# Live values (ids, slugs, profiles) from the active profile; silent and bounded by calctl itself.
function __calctl_dyn
    set -l run command calctl
    # calctl gives up after 1.5 s itself; timeout(1) also covers a slow start or a stuck exit
    command -q timeout; and set run timeout -k 1 3 calctl
    if test -n "$__calctl_profile"
        set -a run --profile $__calctl_profile
    end
    $run __complete $argv 2>/dev/null
    return 0
end

# Candidates for one value. $argv[1]: encoded spec, $argv[2]: typed value, $argv[3]: text before it.
function __calctl_values
    set -l spec (string split ' ' -- $argv[1])
    set -l value "$argv[2]"
    set -l lead "$argv[3]"
    test "$spec[1]" = n; and return
    if test "$spec[2]" = l; and string match -q '*,*' -- $value
        set lead "$lead"(string replace -r '[^,]*$' '' -- $value)
        set value (string replace -r '^.*,' '' -- $value)
    end
    switch $spec[3]
        case choices
            printf '%s\n' $lead$spec[4..-1]
        case dynamic
            for line in (__calctl_dyn $spec[4..-1])
                printf '%s\n' "$lead$line"
            end
        case profiles
            for line in (__calctl_dyn profiles)
                printf '%s\n' "$lead$line"
            end
        case file
            for f in (__fish_complete_path $value)
                printf '%s\n' "$lead$f"
            end
        case dir
            for f in (__fish_complete_directories $value)
                printf '%s\n' "$lead$f"
            end
        case atfile
            if string match -q '@*' -- $value
                for f in (__fish_complete_path (string sub -s 2 -- $value))
                    printf '%s\n' "$lead@$f"
                end
            else
                printf '%s\n' "$lead-"\t'stdin' "$lead@"\t'@file'
            end
    end
end

function __calctl_complete
    set -l tokens (commandline -opc)
    set -l cur (commandline -ct)
    set -g __calctl_profile ''
    set -l cpath ''
    set -l expect ''
    set -l optional ''
    set -l nargs 0
    set -l i 2
    set -l n (count $tokens)
    if test $n -ge 2; and string match -qr '^@.' -- $tokens[2]
        set __calctl_profile (string sub -s 2 -- $tokens[2])
        set i 3
    end
    while test $i -le $n
        set -l w $tokens[$i]
        set i (math $i + 1)
        if test -n "$expect"
            test "$expect" = --profile; and set __calctl_profile $w
            set expect ''
            continue
        end
        switch $w
            case --
            case '--*=*'
                if test (string split -m 1 = -- $w)[1] = --profile
                    set __calctl_profile (string split -m 1 = -- $w)[2]
                end
            case '-?*'
                set -l spec (__calctl_optval "$cpath|$w")
                switch "$spec"
                    case 'r *'
                        set expect $w
                    case 'o *'
                        if test $i -le $n; and contains -- $tokens[$i] true false yes no on off 1 0
                            set i (math $i + 1)
                        else if test $i -gt $n
                            set optional $w
                        end
                end
            case '*'
                set -l c (__calctl_canon "$cpath|$w")
                if test -n "$c"; and test $nargs -eq 0
                    set cpath (string trim -- "$cpath $c")
                else
                    set nargs (math $nargs + 1)
                end
        end
    end
    if test -n "$expect"
        set -l spec (__calctl_optval "$cpath|$expect")
        __calctl_values "$spec" "$cur" ''
    else if string match -q -- '--*=*' $cur
        set -l parts (string split -m 1 = -- $cur)
        set -l spec (__calctl_optval "$cpath|$parts[1]")
        __calctl_values "$spec" "$parts[2]" "$parts[1]="
    else if string match -q -- '-*' $cur
        __calctl_opts "$cpath"
        __calctl_opts :global
    else if test -n "$optional"
        set -l spec (__calctl_optval "$cpath|$optional")
        __calctl_values "$spec" "$cur" ''
    else if test $n -eq 1; and string match -q -- '@*' $cur
        for line in (__calctl_dyn profiles)
            printf '%s\n' "@$line"
        end
    else
        set -l subs (__calctl_subs "$cpath")
        if test (count $subs) -gt 0; and test $nargs -eq 0
            printf '%s\n' $subs
        else
            set -l shape (string split ' ' -- (__calctl_arg "$cpath|#"))
            test (count $shape) -eq 2; or return
            set -l k $nargs
            if test $k -ge $shape[1]
                test "$shape[2]" = v; or return
                set k (math $shape[1] - 1)
            end
            set -l spec (__calctl_arg "$cpath|$k")
            __calctl_values "$spec" "$cur" ''
        end
    end
end

complete -c calctl -f -a '(__calctl_complete)'
