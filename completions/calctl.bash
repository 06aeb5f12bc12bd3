# bash completion for calctl. Generated from the command tree by scripts/gen-completions.mjs:
# do not edit. Install one of:
#   calctl completion bash > ~/.local/share/bash-completion/completions/calctl
#   echo 'source <(calctl completion bash)' >> ~/.bashrc

__calctl_subs() {
  case "$1" in
    '')
      __calctl_r='events venues organizers categories tags api info doc serve profile agenda calendar cal add sync feeds migrate history undo import export help completion' ;;
    'events')
      __calctl_r='list ls get create update copy delete rm restore' ;;
    'venues')
      __calctl_r='list ls get create update delete rm restore duplicates merge' ;;
    'organizers')
      __calctl_r='list ls get create update delete rm restore duplicates merge' ;;
    'categories')
      __calctl_r='list ls get create update delete rm' ;;
    'tags')
      __calctl_r='list ls get create update delete rm' ;;
    'serve')
      __calctl_r='users' ;;
    'serve users')
      __calctl_r='add list remove' ;;
    'profile')
      __calctl_r='add list ls show use remove rm test' ;;
    'sync')
      __calctl_r='pull push status resolve' ;;
    'feeds')
      __calctl_r='add list show remove run cron' ;;
    'history')
      __calctl_r='show' ;;
    'import')
      __calctl_r='events venues organizers categories tags' ;;
    'export')
      __calctl_r='events venues organizers categories tags' ;;
    *) __calctl_r='' ;;
  esac
}

__calctl_canon() {
  case "$1" in
    '|events'|'import|events'|'export|events')
      __calctl_r='events' ;;
    '|venues'|'import|venues'|'export|venues')
      __calctl_r='venues' ;;
    '|organizers'|'import|organizers'|'export|organizers')
      __calctl_r='organizers' ;;
    '|categories'|'import|categories'|'export|categories')
      __calctl_r='categories' ;;
    '|tags'|'import|tags'|'export|tags')
      __calctl_r='tags' ;;
    '|api')
      __calctl_r='api' ;;
    '|info')
      __calctl_r='info' ;;
    '|doc')
      __calctl_r='doc' ;;
    '|serve')
      __calctl_r='serve' ;;
    '|profile')
      __calctl_r='profile' ;;
    '|agenda')
      __calctl_r='agenda' ;;
    '|calendar'|'|cal')
      __calctl_r='calendar' ;;
    '|add'|'serve users|add'|'profile|add'|'feeds|add')
      __calctl_r='add' ;;
    '|sync')
      __calctl_r='sync' ;;
    '|feeds')
      __calctl_r='feeds' ;;
    '|migrate')
      __calctl_r='migrate' ;;
    '|history')
      __calctl_r='history' ;;
    '|undo')
      __calctl_r='undo' ;;
    '|import')
      __calctl_r='import' ;;
    '|export')
      __calctl_r='export' ;;
    '|help')
      __calctl_r='help' ;;
    '|completion')
      __calctl_r='completion' ;;
    'events|list'|'events|ls'|'venues|list'|'venues|ls'|'organizers|list'|'organizers|ls'|'categories|list'|'categories|ls'|'tags|list'|'tags|ls'|'serve users|list'|'profile|list'|'profile|ls'|'feeds|list')
      __calctl_r='list' ;;
    'events|get'|'venues|get'|'organizers|get'|'categories|get'|'tags|get')
      __calctl_r='get' ;;
    'events|create'|'venues|create'|'organizers|create'|'categories|create'|'tags|create')
      __calctl_r='create' ;;
    'events|update'|'venues|update'|'organizers|update'|'categories|update'|'tags|update')
      __calctl_r='update' ;;
    'events|copy')
      __calctl_r='copy' ;;
    'events|delete'|'events|rm'|'venues|delete'|'venues|rm'|'organizers|delete'|'organizers|rm'|'categories|delete'|'categories|rm'|'tags|delete'|'tags|rm')
      __calctl_r='delete' ;;
    'events|restore'|'venues|restore'|'organizers|restore')
      __calctl_r='restore' ;;
    'venues|duplicates'|'organizers|duplicates')
      __calctl_r='duplicates' ;;
    'venues|merge'|'organizers|merge')
      __calctl_r='merge' ;;
    'serve|users')
      __calctl_r='users' ;;
    'serve users|remove'|'profile|remove'|'profile|rm'|'feeds|remove')
      __calctl_r='remove' ;;
    'profile|show'|'feeds|show'|'history|show')
      __calctl_r='show' ;;
    'profile|use')
      __calctl_r='use' ;;
    'profile|test')
      __calctl_r='test' ;;
    'sync|pull')
      __calctl_r='pull' ;;
    'sync|push')
      __calctl_r='push' ;;
    'sync|status')
      __calctl_r='status' ;;
    'sync|resolve')
      __calctl_r='resolve' ;;
    'feeds|run')
      __calctl_r='run' ;;
    'feeds|cron')
      __calctl_r='cron' ;;
    *) __calctl_r='' ;;
  esac
}

__calctl_opts() {
  case "$1" in
    '')
      __calctl_r='-h --help' ;;
    'events')
      __calctl_r='-h --help' ;;
    'events list')
      __calctl_r='--page --per-page --start-date --end-date --starts-before --starts-after --ends-before --ends-after --strict-dates --no-strict-dates --search --categories --tags --venue --organizer --featured --no-featured --status --geoloc --no-geoloc --geoloc-lat --geoloc-lng --include --post-parent --ticketed --no-ticketed --all --limit -h --help' ;;
    'events get')
      __calctl_r='--slug -h --help' ;;
    'events create')
      __calctl_r='--author --date --date-utc --title --description --slug --excerpt --status --all-day --no-all-day --start-date --end-date --image --cost --website --show-map --no-show-map --show-map-link --no-show-map-link --hide-from-listings --no-hide-from-listings --sticky --no-sticky --featured --no-featured --categories --tags --venue --organizer --duration --data --create-missing --porcelain -h --help' ;;
    'events update')
      __calctl_r='--author --date --date-utc --title --description --slug --excerpt --status --all-day --no-all-day --start-date --end-date --image --cost --website --show-map --no-show-map --show-map-link --no-show-map-link --hide-from-listings --no-hide-from-listings --sticky --no-sticky --featured --no-featured --categories --tags --venue --organizer --duration --where --before --data --create-missing -h --help' ;;
    'events copy')
      __calctl_r='--slug --author --date --date-utc --title --description --excerpt --status --all-day --no-all-day --start-date --end-date --image --cost --website --show-map --no-show-map --show-map-link --no-show-map-link --hide-from-listings --no-hide-from-listings --sticky --no-sticky --featured --no-featured --categories --tags --venue --organizer --duration --create-missing --porcelain -h --help' ;;
    'events delete')
      __calctl_r='--slug --force --where --before -h --help' ;;
    'events restore')
      __calctl_r='--slug --status --where --before -h --help' ;;
    'venues')
      __calctl_r='-h --help' ;;
    'venues list')
      __calctl_r='--page --per-page --search --event --has-events --no-has-events --only-with-upcoming --no-only-with-upcoming --status --all --limit -h --help' ;;
    'venues get')
      __calctl_r='--slug -h --help' ;;
    'venues create')
      __calctl_r='--author --date --date-utc --venue --description --status --show-map --show-map-link --address --city --country --province --state --zip --phone --stateprovince --website --image --data --create-missing --porcelain -h --help' ;;
    'venues update')
      __calctl_r='--author --date --date-utc --venue --description --status --show-map --show-map-link --address --city --country --province --state --zip --phone --stateprovince --website --image --slug --where --data --create-missing -h --help' ;;
    'venues delete')
      __calctl_r='--slug --force --where -h --help' ;;
    'venues restore')
      __calctl_r='--slug --status --where -h --help' ;;
    'venues duplicates')
      __calctl_r='-h --help' ;;
    'venues merge')
      __calctl_r='--fill -h --help' ;;
    'organizers')
      __calctl_r='-h --help' ;;
    'organizers list')
      __calctl_r='--page --per-page --search --event --has-events --no-has-events --only-with-upcoming --no-only-with-upcoming --status --all --limit -h --help' ;;
    'organizers get')
      __calctl_r='--slug -h --help' ;;
    'organizers create')
      __calctl_r='--author --date --date-utc --organizer --description --status --phone --website --email --image --data --create-missing --porcelain -h --help' ;;
    'organizers update')
      __calctl_r='--author --date --date-utc --organizer --description --status --phone --website --email --image --slug --where --data --create-missing -h --help' ;;
    'organizers delete')
      __calctl_r='--slug --force --where -h --help' ;;
    'organizers restore')
      __calctl_r='--slug --status --where -h --help' ;;
    'organizers duplicates')
      __calctl_r='-h --help' ;;
    'organizers merge')
      __calctl_r='--fill -h --help' ;;
    'categories')
      __calctl_r='-h --help' ;;
    'categories list')
      __calctl_r='--page --per-page --search --exclude --include --order --orderby --hide-empty --no-hide-empty --parent --post --event --slug --all --limit -h --help' ;;
    'categories get')
      __calctl_r='-h --help' ;;
    'categories create')
      __calctl_r='--name --description --slug --parent --data --create-missing --porcelain -h --help' ;;
    'categories update')
      __calctl_r='--name --description --slug --parent --where --data --create-missing -h --help' ;;
    'categories delete')
      __calctl_r='--where -h --help' ;;
    'tags')
      __calctl_r='-h --help' ;;
    'tags list')
      __calctl_r='--page --per-page --search --exclude --include --order --orderby --hide-empty --no-hide-empty --post --event --slug --all --limit -h --help' ;;
    'tags get')
      __calctl_r='-h --help' ;;
    'tags create')
      __calctl_r='--name --description --slug --data --create-missing --porcelain -h --help' ;;
    'tags update')
      __calctl_r='--name --description --slug --where --data --create-missing -h --help' ;;
    'tags delete')
      __calctl_r='--where -h --help' ;;
    'api')
      __calctl_r='-f --raw-field -F --field-typed --data -H --header --paginate -h --help' ;;
    'info')
      __calctl_r='-h --help' ;;
    'doc')
      __calctl_r='-h --help' ;;
    'serve')
      __calctl_r='--host --port --data-dir --per-page --permalinks --base-path --locale --batch-plugin-routes --tls-cert --tls-key -h --help' ;;
    'serve users')
      __calctl_r='-h --help' ;;
    'serve users add')
      __calctl_r='--role --email --password-file --app-name --data-dir -h --help' ;;
    'serve users list')
      __calctl_r='--data-dir -h --help' ;;
    'serve users remove')
      __calctl_r='--reassign --data-dir -h --help' ;;
    'profile')
      __calctl_r='-h --help' ;;
    'profile add')
      __calctl_r='--token-stdin --per-page --default --no-test -h --help' ;;
    'profile list')
      __calctl_r='-h --help' ;;
    'profile show')
      __calctl_r='-h --help' ;;
    'profile use')
      __calctl_r='-h --help' ;;
    'profile remove')
      __calctl_r='-h --help' ;;
    'profile test')
      __calctl_r='-h --help' ;;
    'agenda')
      __calctl_r='--days --start-date --end-date --local-time --starts-after --ends-before --search --categories --tags --venue --organizer --featured --no-featured --status --geoloc --no-geoloc --geoloc-lat --geoloc-lng --include --post-parent --ticketed --no-ticketed -h --help' ;;
    'calendar')
      __calctl_r='--month --week --week-start --local-time --starts-after --ends-before --search --categories --tags --venue --organizer --featured --no-featured --status --geoloc --no-geoloc --geoloc-lat --geoloc-lng --include --post-parent --ticketed --no-ticketed -h --help' ;;
    'add')
      __calctl_r='-h --help' ;;
    'sync')
      __calctl_r='--on-conflict -q --quiet --data-dir -h --help' ;;
    'sync pull')
      __calctl_r='--on-conflict -q --quiet --data-dir -h --help' ;;
    'sync push')
      __calctl_r='--on-conflict -q --quiet -h --help' ;;
    'sync status')
      __calctl_r='-v --changes -h --help' ;;
    'sync resolve')
      __calctl_r='--take --resource -q --quiet -h --help' ;;
    'feeds')
      __calctl_r='-h --help' ;;
    'feeds add')
      __calctl_r='--category --tag --status --authority --on-removed --from --until --limit --default-duration -h --help' ;;
    'feeds list')
      __calctl_r='-h --help' ;;
    'feeds show')
      __calctl_r='-h --help' ;;
    'feeds remove')
      __calctl_r='--trash-events -h --help' ;;
    'feeds run')
      __calctl_r='--force -q --quiet --wait -h --help' ;;
    'feeds cron')
      __calctl_r='--every -h --help' ;;
    'migrate')
      __calctl_r='--status -q --quiet -h --help' ;;
    'history')
      __calctl_r='--limit -h --help' ;;
    'history show')
      __calctl_r='-h --help' ;;
    'undo')
      __calctl_r='--force -h --help' ;;
    'import')
      __calctl_r='-h --help' ;;
    'import events')
      __calctl_r='--format --sheet --until --delimiter --encoding --map --map-file --strict --default-duration --on-lossy --match-by --on-conflict --concurrency --batch-size --resume --rejects --fail-fast -q --quiet -h --help' ;;
    'import venues')
      __calctl_r='--format --sheet --until --delimiter --encoding --map --map-file --strict --default-duration --on-lossy --match-by --on-conflict --concurrency --batch-size --resume --rejects --fail-fast -q --quiet -h --help' ;;
    'import organizers')
      __calctl_r='--format --sheet --until --delimiter --encoding --map --map-file --strict --default-duration --on-lossy --match-by --on-conflict --concurrency --batch-size --resume --rejects --fail-fast -q --quiet -h --help' ;;
    'import categories')
      __calctl_r='--format --sheet --until --delimiter --encoding --map --map-file --strict --default-duration --on-lossy --match-by --on-conflict --concurrency --batch-size --resume --rejects --fail-fast -q --quiet -h --help' ;;
    'import tags')
      __calctl_r='--format --sheet --until --delimiter --encoding --map --map-file --strict --default-duration --on-lossy --match-by --on-conflict --concurrency --batch-size --resume --rejects --fail-fast -q --quiet -h --help' ;;
    'export')
      __calctl_r='-h --help' ;;
    'export events')
      __calctl_r='--start-date --end-date --starts-before --starts-after --ends-before --ends-after --strict-dates --no-strict-dates --search --categories --tags --venue --organizer --featured --no-featured --status --geoloc --no-geoloc --geoloc-lat --geoloc-lng --include --post-parent --ticketed --no-ticketed --file -q --quiet --columns --delimiter --concurrency -h --help' ;;
    'export venues')
      __calctl_r='--search --event --has-events --no-has-events --only-with-upcoming --no-only-with-upcoming --status --file -q --quiet --columns --delimiter --concurrency -h --help' ;;
    'export organizers')
      __calctl_r='--search --event --has-events --no-has-events --only-with-upcoming --no-only-with-upcoming --status --file -q --quiet --columns --delimiter --concurrency -h --help' ;;
    'export categories')
      __calctl_r='--search --exclude --include --order --orderby --hide-empty --no-hide-empty --parent --post --event --slug --file -q --quiet --columns --delimiter --concurrency -h --help' ;;
    'export tags')
      __calctl_r='--search --exclude --include --order --orderby --hide-empty --no-hide-empty --post --event --slug --file -q --quiet --columns --delimiter --concurrency -h --help' ;;
    'help')
      __calctl_r='-h --help' ;;
    'completion')
      __calctl_r='-h --help' ;;
    ':global')
      __calctl_r='-V --version --profile --url --user --token --password-stdin --vendor -o --output --json --fields --field --raw --verbose --debug --timeout --insecure --date-format --ca-file --timezone -y --yes --dry-run --offline' ;;
    *) __calctl_r='' ;;
  esac
}

__calctl_optval() {
  case "$1" in
    '|-h'|'|--help'|'events|-h'|'events|--help'|'events list|--no-strict-dates'|'events list|--no-featured'|'events list|--no-geoloc'|'events list|--no-ticketed'|'events list|--all'|'events list|-h'|'events list|--help'|'events get|-h'|'events get|--help'|'events create|--no-all-day'|'events create|--no-show-map'|'events create|--no-show-map-link'|'events create|--no-hide-from-listings'|'events create|--no-sticky'|'events create|--no-featured'|'events create|--create-missing'|'events create|--porcelain'|'events create|-h'|'events create|--help'|'events update|--no-all-day'|'events update|--no-show-map'|'events update|--no-show-map-link'|'events update|--no-hide-from-listings'|'events update|--no-sticky'|'events update|--no-featured'|'events update|--create-missing'|'events update|-h'|'events update|--help'|'events copy|--no-all-day'|'events copy|--no-show-map'|'events copy|--no-show-map-link'|'events copy|--no-hide-from-listings'|'events copy|--no-sticky'|'events copy|--no-featured'|'events copy|--create-missing'|'events copy|--porcelain'|'events copy|-h'|'events copy|--help'|'events delete|--force'|'events delete|-h'|'events delete|--help'|'events restore|-h'|'events restore|--help'|'venues|-h'|'venues|--help'|'venues list|--no-has-events'|'venues list|--no-only-with-upcoming'|'venues list|--all'|'venues list|-h'|'venues list|--help'|'venues get|-h'|'venues get|--help'|'venues create|--create-missing'|'venues create|--porcelain'|'venues create|-h'|'venues create|--help'|'venues update|--create-missing'|'venues update|-h'|'venues update|--help'|'venues delete|--force'|'venues delete|-h'|'venues delete|--help'|'venues restore|-h'|'venues restore|--help'|'venues duplicates|-h'|'venues duplicates|--help'|'venues merge|--fill'|'venues merge|-h'|'venues merge|--help'|'organizers|-h'|'organizers|--help'|'organizers list|--no-has-events'|'organizers list|--no-only-with-upcoming'|'organizers list|--all'|'organizers list|-h'|'organizers list|--help'|'organizers get|-h'|'organizers get|--help'|'organizers create|--create-missing'|'organizers create|--porcelain'|'organizers create|-h'|'organizers create|--help'|'organizers update|--create-missing'|'organizers update|-h'|'organizers update|--help'|'organizers delete|--force'|'organizers delete|-h'|'organizers delete|--help'|'organizers restore|-h'|'organizers restore|--help'|'organizers duplicates|-h'|'organizers duplicates|--help'|'organizers merge|--fill'|'organizers merge|-h'|'organizers merge|--help'|'categories|-h'|'categories|--help'|'categories list|--no-hide-empty'|'categories list|--all'|'categories list|-h'|'categories list|--help'|'categories get|-h'|'categories get|--help'|'categories create|--create-missing'|'categories create|--porcelain'|'categories create|-h'|'categories create|--help'|'categories update|--create-missing'|'categories update|-h'|'categories update|--help'|'categories delete|-h'|'categories delete|--help'|'tags|-h'|'tags|--help'|'tags list|--no-hide-empty'|'tags list|--all'|'tags list|-h'|'tags list|--help'|'tags get|-h'|'tags get|--help'|'tags create|--create-missing'|'tags create|--porcelain'|'tags create|-h'|'tags create|--help'|'tags update|--create-missing'|'tags update|-h'|'tags update|--help'|'tags delete|-h'|'tags delete|--help'|'api|--paginate'|'api|-h'|'api|--help'|'info|-h'|'info|--help'|'doc|-h'|'doc|--help'|'serve|--batch-plugin-routes'|'serve|-h'|'serve|--help'|'serve users|-h'|'serve users|--help'|'serve users add|-h'|'serve users add|--help'|'serve users list|-h'|'serve users list|--help'|'serve users remove|-h'|'serve users remove|--help'|'profile|-h'|'profile|--help'|'profile add|--token-stdin'|'profile add|--default'|'profile add|--no-test'|'profile add|-h'|'profile add|--help'|'profile list|-h'|'profile list|--help'|'profile show|-h'|'profile show|--help'|'profile use|-h'|'profile use|--help'|'profile remove|-h'|'profile remove|--help'|'profile test|-h'|'profile test|--help'|'agenda|--local-time'|'agenda|--no-featured'|'agenda|--no-geoloc'|'agenda|--no-ticketed'|'agenda|-h'|'agenda|--help'|'calendar|--local-time'|'calendar|--no-featured'|'calendar|--no-geoloc'|'calendar|--no-ticketed'|'calendar|-h'|'calendar|--help'|'add|-h'|'add|--help'|'sync|-q'|'sync|--quiet'|'sync|-h'|'sync|--help'|'sync pull|-q'|'sync pull|--quiet'|'sync pull|-h'|'sync pull|--help'|'sync push|-q'|'sync push|--quiet'|'sync push|-h'|'sync push|--help'|'sync status|-v'|'sync status|--changes'|'sync status|-h'|'sync status|--help'|'sync resolve|-q'|'sync resolve|--quiet'|'sync resolve|-h'|'sync resolve|--help'|'feeds|-h'|'feeds|--help'|'feeds add|-h'|'feeds add|--help'|'feeds list|-h'|'feeds list|--help'|'feeds show|-h'|'feeds show|--help'|'feeds remove|--trash-events'|'feeds remove|-h'|'feeds remove|--help'|'feeds run|--force'|'feeds run|-q'|'feeds run|--quiet'|'feeds run|-h'|'feeds run|--help'|'feeds cron|-h'|'feeds cron|--help'|'migrate|-q'|'migrate|--quiet'|'migrate|-h'|'migrate|--help'|'history|-h'|'history|--help'|'history show|-h'|'history show|--help'|'undo|--force'|'undo|-h'|'undo|--help'|'import|-h'|'import|--help'|'import events|--strict'|'import events|--resume'|'import events|--fail-fast'|'import events|-q'|'import events|--quiet'|'import events|-h'|'import events|--help'|'import venues|--strict'|'import venues|--resume'|'import venues|--fail-fast'|'import venues|-q'|'import venues|--quiet'|'import venues|-h'|'import venues|--help'|'import organizers|--strict'|'import organizers|--resume'|'import organizers|--fail-fast'|'import organizers|-q'|'import organizers|--quiet'|'import organizers|-h'|'import organizers|--help'|'import categories|--strict'|'import categories|--resume'|'import categories|--fail-fast'|'import categories|-q'|'import categories|--quiet'|'import categories|-h'|'import categories|--help'|'import tags|--strict'|'import tags|--resume'|'import tags|--fail-fast'|'import tags|-q'|'import tags|--quiet'|'import tags|-h'|'import tags|--help'|'export|-h'|'export|--help'|'export events|--no-strict-dates'|'export events|--no-featured'|'export events|--no-geoloc'|'export events|--no-ticketed'|'export events|-q'|'export events|--quiet'|'export events|-h'|'export events|--help'|'export venues|--no-has-events'|'export venues|--no-only-with-upcoming'|'export venues|-q'|'export venues|--quiet'|'export venues|-h'|'export venues|--help'|'export organizers|--no-has-events'|'export organizers|--no-only-with-upcoming'|'export organizers|-q'|'export organizers|--quiet'|'export organizers|-h'|'export organizers|--help'|'export categories|--no-hide-empty'|'export categories|-q'|'export categories|--quiet'|'export categories|-h'|'export categories|--help'|'export tags|--no-hide-empty'|'export tags|-q'|'export tags|--quiet'|'export tags|-h'|'export tags|--help'|'help|-h'|'help|--help'|'completion|-h'|'completion|--help')
      __calctl_r='n' ;;
    '|-o'|'|--output'|'events|-o'|'events|--output'|'events list|-o'|'events list|--output'|'events get|-o'|'events get|--output'|'events create|-o'|'events create|--output'|'events update|-o'|'events update|--output'|'events copy|-o'|'events copy|--output'|'events delete|-o'|'events delete|--output'|'events restore|-o'|'events restore|--output'|'venues|-o'|'venues|--output'|'venues list|-o'|'venues list|--output'|'venues get|-o'|'venues get|--output'|'venues create|-o'|'venues create|--output'|'venues update|-o'|'venues update|--output'|'venues delete|-o'|'venues delete|--output'|'venues restore|-o'|'venues restore|--output'|'venues duplicates|-o'|'venues duplicates|--output'|'venues merge|-o'|'venues merge|--output'|'organizers|-o'|'organizers|--output'|'organizers list|-o'|'organizers list|--output'|'organizers get|-o'|'organizers get|--output'|'organizers create|-o'|'organizers create|--output'|'organizers update|-o'|'organizers update|--output'|'organizers delete|-o'|'organizers delete|--output'|'organizers restore|-o'|'organizers restore|--output'|'organizers duplicates|-o'|'organizers duplicates|--output'|'organizers merge|-o'|'organizers merge|--output'|'categories|-o'|'categories|--output'|'categories list|-o'|'categories list|--output'|'categories get|-o'|'categories get|--output'|'categories create|-o'|'categories create|--output'|'categories update|-o'|'categories update|--output'|'categories delete|-o'|'categories delete|--output'|'tags|-o'|'tags|--output'|'tags list|-o'|'tags list|--output'|'tags get|-o'|'tags get|--output'|'tags create|-o'|'tags create|--output'|'tags update|-o'|'tags update|--output'|'tags delete|-o'|'tags delete|--output'|'api|-o'|'api|--output'|'info|-o'|'info|--output'|'doc|-o'|'doc|--output'|'serve|-o'|'serve|--output'|'serve users|-o'|'serve users|--output'|'serve users add|-o'|'serve users add|--output'|'serve users list|-o'|'serve users list|--output'|'serve users remove|-o'|'serve users remove|--output'|'profile|-o'|'profile|--output'|'profile add|-o'|'profile add|--output'|'profile list|-o'|'profile list|--output'|'profile show|-o'|'profile show|--output'|'profile use|-o'|'profile use|--output'|'profile remove|-o'|'profile remove|--output'|'profile test|-o'|'profile test|--output'|'agenda|-o'|'agenda|--output'|'calendar|-o'|'calendar|--output'|'add|-o'|'add|--output'|'sync|-o'|'sync|--output'|'sync pull|-o'|'sync pull|--output'|'sync push|-o'|'sync push|--output'|'sync status|-o'|'sync status|--output'|'sync resolve|-o'|'sync resolve|--output'|'feeds|-o'|'feeds|--output'|'feeds add|-o'|'feeds add|--output'|'feeds list|-o'|'feeds list|--output'|'feeds show|-o'|'feeds show|--output'|'feeds remove|-o'|'feeds remove|--output'|'feeds run|-o'|'feeds run|--output'|'feeds cron|-o'|'feeds cron|--output'|'migrate|-o'|'migrate|--output'|'history|-o'|'history|--output'|'history show|-o'|'history show|--output'|'undo|-o'|'undo|--output'|'import|-o'|'import|--output'|'import events|-o'|'import events|--output'|'import venues|-o'|'import venues|--output'|'import organizers|-o'|'import organizers|--output'|'import categories|-o'|'import categories|--output'|'import tags|-o'|'import tags|--output'|'export|-o'|'export|--output'|'help|-o'|'help|--output'|'completion|-o'|'completion|--output')
      __calctl_r='r s choices table json ndjson csv yaml ids count' ;;
    '|--fields'|'|--field'|'events list|--page'|'events list|--per-page'|'events list|--start-date'|'events list|--end-date'|'events list|--starts-before'|'events list|--starts-after'|'events list|--ends-before'|'events list|--ends-after'|'events list|--search'|'events list|--geoloc-lat'|'events list|--geoloc-lng'|'events list|--include'|'events list|--post-parent'|'events list|--limit'|'events get|--slug'|'events create|--author'|'events create|--date'|'events create|--date-utc'|'events create|--title'|'events create|--description'|'events create|--slug'|'events create|--excerpt'|'events create|--start-date'|'events create|--end-date'|'events create|--image'|'events create|--cost'|'events create|--website'|'events create|--duration'|'events update|--author'|'events update|--date'|'events update|--date-utc'|'events update|--title'|'events update|--description'|'events update|--slug'|'events update|--excerpt'|'events update|--start-date'|'events update|--end-date'|'events update|--image'|'events update|--cost'|'events update|--website'|'events update|--duration'|'events update|--where'|'events update|--before'|'events copy|--slug'|'events copy|--author'|'events copy|--date'|'events copy|--date-utc'|'events copy|--title'|'events copy|--description'|'events copy|--excerpt'|'events copy|--start-date'|'events copy|--end-date'|'events copy|--image'|'events copy|--cost'|'events copy|--website'|'events copy|--duration'|'events delete|--slug'|'events delete|--where'|'events delete|--before'|'events restore|--slug'|'events restore|--where'|'events restore|--before'|'venues list|--page'|'venues list|--per-page'|'venues list|--search'|'venues list|--event'|'venues list|--limit'|'venues get|--slug'|'venues create|--author'|'venues create|--date'|'venues create|--date-utc'|'venues create|--venue'|'venues create|--description'|'venues create|--show-map'|'venues create|--show-map-link'|'venues create|--address'|'venues create|--city'|'venues create|--country'|'venues create|--province'|'venues create|--state'|'venues create|--zip'|'venues create|--phone'|'venues create|--stateprovince'|'venues create|--website'|'venues create|--image'|'venues update|--author'|'venues update|--date'|'venues update|--date-utc'|'venues update|--venue'|'venues update|--description'|'venues update|--show-map'|'venues update|--show-map-link'|'venues update|--address'|'venues update|--city'|'venues update|--country'|'venues update|--province'|'venues update|--state'|'venues update|--zip'|'venues update|--phone'|'venues update|--stateprovince'|'venues update|--website'|'venues update|--image'|'venues update|--slug'|'venues update|--where'|'venues delete|--slug'|'venues delete|--where'|'venues restore|--slug'|'venues restore|--where'|'organizers list|--page'|'organizers list|--per-page'|'organizers list|--search'|'organizers list|--event'|'organizers list|--limit'|'organizers get|--slug'|'organizers create|--author'|'organizers create|--date'|'organizers create|--date-utc'|'organizers create|--organizer'|'organizers create|--description'|'organizers create|--phone'|'organizers create|--website'|'organizers create|--email'|'organizers create|--image'|'organizers update|--author'|'organizers update|--date'|'organizers update|--date-utc'|'organizers update|--organizer'|'organizers update|--description'|'organizers update|--phone'|'organizers update|--website'|'organizers update|--email'|'organizers update|--image'|'organizers update|--slug'|'organizers update|--where'|'organizers delete|--slug'|'organizers delete|--where'|'organizers restore|--slug'|'organizers restore|--where'|'categories list|--page'|'categories list|--per-page'|'categories list|--search'|'categories list|--exclude'|'categories list|--include'|'categories list|--post'|'categories list|--event'|'categories list|--slug'|'categories list|--limit'|'categories create|--name'|'categories create|--description'|'categories create|--slug'|'categories update|--name'|'categories update|--description'|'categories update|--slug'|'categories update|--where'|'categories delete|--where'|'tags list|--page'|'tags list|--per-page'|'tags list|--search'|'tags list|--exclude'|'tags list|--include'|'tags list|--post'|'tags list|--event'|'tags list|--slug'|'tags list|--limit'|'tags create|--name'|'tags create|--description'|'tags create|--slug'|'tags update|--name'|'tags update|--description'|'tags update|--slug'|'tags update|--where'|'tags delete|--where'|'api|-f'|'api|--raw-field'|'api|-F'|'api|--field-typed'|'api|-H'|'api|--header'|'api|--fields'|'api|--field'|'info|--fields'|'info|--field'|'doc|--fields'|'doc|--field'|'serve|--host'|'serve|--port'|'serve|--per-page'|'serve|--base-path'|'serve|--fields'|'serve|--field'|'serve users|--fields'|'serve users|--field'|'serve users add|--role'|'serve users add|--email'|'serve users add|--password-file'|'serve users add|--app-name'|'serve users add|--fields'|'serve users add|--field'|'serve users list|--fields'|'serve users list|--field'|'serve users remove|--reassign'|'serve users remove|--fields'|'serve users remove|--field'|'profile|--fields'|'profile|--field'|'profile add|--per-page'|'profile add|--fields'|'profile add|--field'|'profile list|--fields'|'profile list|--field'|'profile show|--fields'|'profile show|--field'|'profile use|--fields'|'profile use|--field'|'profile remove|--fields'|'profile remove|--field'|'profile test|--fields'|'profile test|--field'|'agenda|--days'|'agenda|--start-date'|'agenda|--end-date'|'agenda|--starts-after'|'agenda|--ends-before'|'agenda|--search'|'agenda|--categories'|'agenda|--tags'|'agenda|--venue'|'agenda|--organizer'|'agenda|--status'|'agenda|--geoloc-lat'|'agenda|--geoloc-lng'|'agenda|--include'|'agenda|--post-parent'|'agenda|--fields'|'agenda|--field'|'calendar|--month'|'calendar|--week-start'|'calendar|--starts-after'|'calendar|--ends-before'|'calendar|--search'|'calendar|--categories'|'calendar|--tags'|'calendar|--venue'|'calendar|--organizer'|'calendar|--status'|'calendar|--geoloc-lat'|'calendar|--geoloc-lng'|'calendar|--include'|'calendar|--post-parent'|'calendar|--fields'|'calendar|--field'|'add|--fields'|'add|--field'|'sync|--fields'|'sync|--field'|'sync pull|--fields'|'sync pull|--field'|'sync push|--fields'|'sync push|--field'|'sync status|--fields'|'sync status|--field'|'sync resolve|--resource'|'sync resolve|--fields'|'sync resolve|--field'|'feeds|--fields'|'feeds|--field'|'feeds add|--category'|'feeds add|--tag'|'feeds add|--from'|'feeds add|--until'|'feeds add|--limit'|'feeds add|--default-duration'|'feeds add|--fields'|'feeds add|--field'|'feeds list|--fields'|'feeds list|--field'|'feeds show|--fields'|'feeds show|--field'|'feeds remove|--fields'|'feeds remove|--field'|'feeds run|--wait'|'feeds run|--fields'|'feeds run|--field'|'feeds cron|--every'|'feeds cron|--fields'|'feeds cron|--field'|'migrate|--status'|'migrate|--fields'|'migrate|--field'|'history|--limit'|'history|--fields'|'history|--field'|'history show|--fields'|'history show|--field'|'undo|--fields'|'undo|--field'|'import|--fields'|'import|--field'|'import events|--sheet'|'import events|--until'|'import events|--delimiter'|'import events|--encoding'|'import events|--map'|'import events|--default-duration'|'import events|--match-by'|'import events|--concurrency'|'import events|--batch-size'|'import venues|--sheet'|'import venues|--until'|'import venues|--delimiter'|'import venues|--encoding'|'import venues|--map'|'import venues|--default-duration'|'import venues|--match-by'|'import venues|--concurrency'|'import venues|--batch-size'|'import organizers|--sheet'|'import organizers|--until'|'import organizers|--delimiter'|'import organizers|--encoding'|'import organizers|--map'|'import organizers|--default-duration'|'import organizers|--match-by'|'import organizers|--concurrency'|'import organizers|--batch-size'|'import categories|--sheet'|'import categories|--until'|'import categories|--delimiter'|'import categories|--encoding'|'import categories|--map'|'import categories|--default-duration'|'import categories|--match-by'|'import categories|--concurrency'|'import categories|--batch-size'|'import tags|--sheet'|'import tags|--until'|'import tags|--delimiter'|'import tags|--encoding'|'import tags|--map'|'import tags|--default-duration'|'import tags|--match-by'|'import tags|--concurrency'|'import tags|--batch-size'|'export|--fields'|'export|--field'|'export events|--start-date'|'export events|--end-date'|'export events|--starts-before'|'export events|--starts-after'|'export events|--ends-before'|'export events|--ends-after'|'export events|--search'|'export events|--geoloc-lat'|'export events|--geoloc-lng'|'export events|--include'|'export events|--post-parent'|'export events|--delimiter'|'export events|--concurrency'|'export venues|--search'|'export venues|--event'|'export venues|--delimiter'|'export venues|--concurrency'|'export organizers|--search'|'export organizers|--event'|'export organizers|--delimiter'|'export organizers|--concurrency'|'export categories|--search'|'export categories|--exclude'|'export categories|--include'|'export categories|--post'|'export categories|--event'|'export categories|--slug'|'export categories|--delimiter'|'export categories|--concurrency'|'export tags|--search'|'export tags|--exclude'|'export tags|--include'|'export tags|--post'|'export tags|--event'|'export tags|--slug'|'export tags|--delimiter'|'export tags|--concurrency'|'help|--fields'|'help|--field'|'completion|--fields'|'completion|--field')
      __calctl_r='r s none' ;;
    'events|--fields'|'events list|--fields'|'events get|--fields'|'events create|--fields'|'events update|--fields'|'events copy|--fields'|'events delete|--fields'|'events restore|--fields'|'import events|--fields'|'export events|--fields')
      __calctl_r='r l choices id global_id global_id_lineage author status date date_utc modified modified_utc url rest_url title description excerpt slug image all_day start_date start_date_details end_date end_date_details utc_start_date utc_start_date_details utc_end_date utc_end_date_details timezone timezone_abbr cost cost_details website show_map show_map_link hide_from_listings sticky featured categories tags venue organizer custom_fields' ;;
    'events|--field'|'events list|--field'|'events get|--field'|'events create|--field'|'events update|--field'|'events copy|--field'|'events delete|--field'|'events restore|--field'|'import events|--field'|'export events|--field')
      __calctl_r='r s choices id global_id global_id_lineage author status date date_utc modified modified_utc url rest_url title description excerpt slug image all_day start_date start_date_details end_date end_date_details utc_start_date utc_start_date_details utc_end_date utc_end_date_details timezone timezone_abbr cost cost_details website show_map show_map_link hide_from_listings sticky featured categories tags venue organizer custom_fields' ;;
    'events list|--strict-dates'|'events list|--featured'|'events list|--geoloc'|'events list|--ticketed'|'events create|--all-day'|'events create|--show-map'|'events create|--show-map-link'|'events create|--hide-from-listings'|'events create|--sticky'|'events create|--featured'|'events update|--all-day'|'events update|--show-map'|'events update|--show-map-link'|'events update|--hide-from-listings'|'events update|--sticky'|'events update|--featured'|'events copy|--all-day'|'events copy|--show-map'|'events copy|--show-map-link'|'events copy|--hide-from-listings'|'events copy|--sticky'|'events copy|--featured'|'venues list|--has-events'|'venues list|--only-with-upcoming'|'organizers list|--has-events'|'organizers list|--only-with-upcoming'|'categories list|--hide-empty'|'tags list|--hide-empty'|'agenda|--featured'|'agenda|--geoloc'|'agenda|--ticketed'|'calendar|--week'|'calendar|--featured'|'calendar|--geoloc'|'calendar|--ticketed'|'export events|--strict-dates'|'export events|--featured'|'export events|--geoloc'|'export events|--ticketed'|'export venues|--has-events'|'export venues|--only-with-upcoming'|'export organizers|--has-events'|'export organizers|--only-with-upcoming'|'export categories|--hide-empty'|'export tags|--hide-empty')
      __calctl_r='o s choices true false' ;;
    'events list|--categories'|'events create|--categories'|'events update|--categories'|'events copy|--categories'|'export events|--categories')
      __calctl_r='r l dynamic slugs categories' ;;
    'events list|--tags'|'events create|--tags'|'events update|--tags'|'events copy|--tags'|'export events|--tags')
      __calctl_r='r l dynamic slugs tags' ;;
    'events list|--venue'|'events create|--venue'|'events update|--venue'|'events copy|--venue'|'export events|--venue')
      __calctl_r='r l dynamic refs venues' ;;
    'events list|--organizer'|'events create|--organizer'|'events update|--organizer'|'events copy|--organizer'|'export events|--organizer')
      __calctl_r='r l dynamic refs organizers' ;;
    'events list|--status'|'events create|--status'|'events update|--status'|'events copy|--status'|'venues list|--status'|'venues create|--status'|'venues update|--status'|'organizers list|--status'|'organizers create|--status'|'organizers update|--status'|'export events|--status'|'export venues|--status'|'export organizers|--status')
      __calctl_r='r l choices publish future draft pending private trash any' ;;
    'events create|--data'|'events update|--data'|'venues create|--data'|'venues update|--data'|'organizers create|--data'|'organizers update|--data'|'categories create|--data'|'categories update|--data'|'tags create|--data'|'tags update|--data'|'api|--data')
      __calctl_r='r s atfile' ;;
    'events restore|--status'|'venues restore|--status'|'organizers restore|--status')
      __calctl_r='r s choices publish draft pending private' ;;
    'venues|--fields'|'venues list|--fields'|'venues get|--fields'|'venues create|--fields'|'venues update|--fields'|'venues delete|--fields'|'venues restore|--fields'|'venues duplicates|--fields'|'venues merge|--fields'|'import venues|--fields'|'export venues|--fields')
      __calctl_r='r l choices id author status date date_utc modified modified_utc url venue description excerpt slug image address city country province state zip phone website stateprovince show_map show_map_link global_id global_id_lineage' ;;
    'venues|--field'|'venues list|--field'|'venues get|--field'|'venues create|--field'|'venues update|--field'|'venues delete|--field'|'venues restore|--field'|'venues duplicates|--field'|'venues merge|--field'|'import venues|--field'|'export venues|--field')
      __calctl_r='r s choices id author status date date_utc modified modified_utc url venue description excerpt slug image address city country province state zip phone website stateprovince show_map show_map_link global_id global_id_lineage' ;;
    'organizers|--fields'|'organizers list|--fields'|'organizers get|--fields'|'organizers create|--fields'|'organizers update|--fields'|'organizers delete|--fields'|'organizers restore|--fields'|'organizers duplicates|--fields'|'organizers merge|--fields'|'import organizers|--fields'|'export organizers|--fields')
      __calctl_r='r l choices id author status date date_utc modified modified_utc url organizer description excerpt slug image phone website email global_id global_id_lineage' ;;
    'organizers|--field'|'organizers list|--field'|'organizers get|--field'|'organizers create|--field'|'organizers update|--field'|'organizers delete|--field'|'organizers restore|--field'|'organizers duplicates|--field'|'organizers merge|--field'|'import organizers|--field'|'export organizers|--field')
      __calctl_r='r s choices id author status date date_utc modified modified_utc url organizer description excerpt slug image phone website email global_id global_id_lineage' ;;
    'categories|--fields'|'categories list|--fields'|'categories get|--fields'|'categories create|--fields'|'categories update|--fields'|'categories delete|--fields'|'import categories|--fields'|'export categories|--fields')
      __calctl_r='r l choices id count description name slug taxonomy parent meta url urls' ;;
    'categories|--field'|'categories list|--field'|'categories get|--field'|'categories create|--field'|'categories update|--field'|'categories delete|--field'|'import categories|--field'|'export categories|--field')
      __calctl_r='r s choices id count description name slug taxonomy parent meta url urls' ;;
    'categories list|--order'|'tags list|--order'|'export categories|--order'|'export tags|--order')
      __calctl_r='r s choices asc desc' ;;
    'categories list|--orderby'|'tags list|--orderby'|'export categories|--orderby'|'export tags|--orderby')
      __calctl_r='r s choices name id slug count description term_group parent include' ;;
    'categories list|--parent'|'categories create|--parent'|'categories update|--parent'|'export categories|--parent')
      __calctl_r='r s dynamic slugs categories' ;;
    'tags|--fields'|'tags list|--fields'|'tags get|--fields'|'tags create|--fields'|'tags update|--fields'|'tags delete|--fields'|'import tags|--fields'|'export tags|--fields')
      __calctl_r='r l choices id count description name slug taxonomy meta url urls' ;;
    'tags|--field'|'tags list|--field'|'tags get|--field'|'tags create|--field'|'tags update|--field'|'tags delete|--field'|'import tags|--field'|'export tags|--field')
      __calctl_r='r s choices id count description name slug taxonomy meta url urls' ;;
    'serve|--data-dir'|'serve users add|--data-dir'|'serve users list|--data-dir'|'serve users remove|--data-dir'|'sync|--data-dir'|'sync pull|--data-dir')
      __calctl_r='r s dir' ;;
    'serve|--permalinks')
      __calctl_r='r s choices pretty plain' ;;
    'serve|--locale')
      __calctl_r='r s choices en_US fr_FR' ;;
    'serve|--tls-cert'|'serve|--tls-key'|'import events|--map-file'|'import events|--rejects'|'import venues|--map-file'|'import venues|--rejects'|'import organizers|--map-file'|'import organizers|--rejects'|'import categories|--map-file'|'import categories|--rejects'|'import tags|--map-file'|'import tags|--rejects'|'export events|--file'|'export venues|--file'|'export organizers|--file'|'export categories|--file'|'export tags|--file')
      __calctl_r='r s file' ;;
    'sync|--on-conflict'|'sync pull|--on-conflict'|'sync push|--on-conflict'|'sync resolve|--take')
      __calctl_r='r s choices local site' ;;
    'feeds add|--status')
      __calctl_r='r s choices publish draft pending' ;;
    'feeds add|--authority')
      __calctl_r='r s choices preserve-edits overwrite new-only' ;;
    'feeds add|--on-removed')
      __calctl_r='r s choices trash keep' ;;
    'import events|--format'|'import venues|--format'|'import organizers|--format'|'import categories|--format'|'import tags|--format')
      __calctl_r='r s choices csv ndjson json xlsx ics' ;;
    'import events|--on-lossy'|'import venues|--on-lossy'|'import organizers|--on-lossy'|'import categories|--on-lossy'|'import tags|--on-lossy')
      __calctl_r='r s choices keep describe number reject' ;;
    'import events|--on-conflict'|'import venues|--on-conflict'|'import organizers|--on-conflict'|'import categories|--on-conflict'|'import tags|--on-conflict')
      __calctl_r='r s choices update skip fail' ;;
    'export events|--columns'|'export venues|--columns'|'export organizers|--columns'|'export categories|--columns'|'export tags|--columns')
      __calctl_r='r s choices ours site' ;;
    'export events|-o'|'export events|--output')
      __calctl_r='r s choices csv ndjson json ics' ;;
    'export venues|-o'|'export venues|--output'|'export organizers|-o'|'export organizers|--output'|'export categories|-o'|'export categories|--output'|'export tags|-o'|'export tags|--output')
      __calctl_r='r s choices csv ndjson json' ;;
    *'|-V'|*'|--version'|*'|--password-stdin'|*'|--json'|*'|--raw'|*'|--verbose'|*'|--debug'|*'|--insecure'|*'|-y'|*'|--yes'|*'|--dry-run'|*'|--offline')
      __calctl_r='n' ;;
    *'|--profile')
      __calctl_r='r s profiles' ;;
    *'|--url'|*'|--user'|*'|--token'|*'|--vendor'|*'|--timeout'|*'|--date-format'|*'|--ca-file')
      __calctl_r='r s none' ;;
    *'|--timezone')
      __calctl_r='r s dynamic timezones' ;;
    *) __calctl_r='' ;;
  esac
}

__calctl_arg() {
  case "$1" in
    'events get|#'|'events update|#'|'events copy|#'|'venues get|#'|'venues update|#'|'organizers get|#'|'organizers update|#'|'categories get|#'|'categories update|#'|'tags get|#'|'tags update|#'|'serve users add|#'|'serve users remove|#'|'profile add|#'|'profile show|#'|'profile use|#'|'profile remove|#'|'profile test|#'|'sync resolve|#'|'feeds show|#'|'feeds remove|#'|'history show|#'|'undo|#'|'import events|#'|'import venues|#'|'import organizers|#'|'import categories|#'|'import tags|#'|'completion|#')
      __calctl_r='1 -' ;;
    'events get|0'|'events update|0'|'events delete|0')
      __calctl_r='r s dynamic ids events' ;;
    'events copy|0'|'events restore|0'|'venues restore|0'|'venues merge|0'|'venues merge|1'|'organizers restore|0'|'organizers merge|0'|'organizers merge|1'|'serve users add|0'|'serve users remove|0'|'profile add|0'|'add|0'|'sync resolve|0'|'feeds add|0'|'feeds add|1'|'feeds show|0'|'feeds remove|0'|'feeds run|0'|'feeds cron|0'|'migrate|0'|'migrate|1'|'history show|0'|'undo|0')
      __calctl_r='r s none' ;;
    'events delete|#'|'events restore|#'|'venues delete|#'|'venues restore|#'|'organizers delete|#'|'organizers restore|#'|'categories delete|#'|'tags delete|#'|'add|#'|'feeds run|#'|'feeds cron|#'|'help|#')
      __calctl_r='1 v' ;;
    'venues get|0'|'venues update|0'|'venues delete|0')
      __calctl_r='r s dynamic ids venues' ;;
    'venues merge|#'|'organizers merge|#')
      __calctl_r='2 v' ;;
    'organizers get|0'|'organizers update|0'|'organizers delete|0')
      __calctl_r='r s dynamic ids organizers' ;;
    'categories get|0'|'categories update|0'|'categories delete|0')
      __calctl_r='r s dynamic ids categories' ;;
    'tags get|0'|'tags update|0'|'tags delete|0')
      __calctl_r='r s dynamic ids tags' ;;
    'api|#'|'feeds add|#'|'migrate|#')
      __calctl_r='2 -' ;;
    'api|0')
      __calctl_r='r s choices GET POST PUT PATCH DELETE' ;;
    'api|1')
      __calctl_r='r s choices /events /venues /organizers /categories /tags' ;;
    'profile show|0'|'profile use|0'|'profile remove|0'|'profile test|0')
      __calctl_r='r s profiles' ;;
    'import events|0'|'import venues|0'|'import organizers|0'|'import categories|0'|'import tags|0')
      __calctl_r='r s file' ;;
    'help|0')
      __calctl_r='r s choices exit-codes profiles dates formats csv auth output events venues organizers categories tags api info doc serve profile agenda calendar add sync feeds migrate history undo import export help completion' ;;
    'completion|0')
      __calctl_r='r s choices bash zsh fish' ;;
    *) __calctl_r='' ;;
  esac
}

# Live values (ids, slugs, profiles) from the active profile; silent and bounded by calctl itself.
__calctl_dyn() {
  local out line
  local -a run=(command calctl)
  # calctl gives up after 1.5 s itself; timeout(1) also covers a slow start or a stuck exit
  command -v timeout >/dev/null 2>&1 && run=(timeout -k 1 3 calctl)
  out=$("${run[@]}" ${__calctl_profile:+--profile "$__calctl_profile"} __complete "$@" 2>/dev/null) || return 0
  while IFS= read -r line; do
    [[ -n $line ]] && __calctl_c+=("$__calctl_lead${line%%$'\t'*}")
  done <<<"$out"
}

# Candidates for one value. $1: encoded spec, $2: the value typed so far, $3: text before it (--x=).
__calctl_values() {
  local -a spec=($1)
  local value=$2 w f
  local __calctl_lead=$3
  [[ ${spec[0]} == n ]] && return 0
  if [[ ${spec[1]} == l && $value == *,* ]]; then
    __calctl_lead+=${value%,*},
    value=${value##*,}
  fi
  case ${spec[2]} in
    choices) for w in "${spec[@]:3}"; do __calctl_c+=("$__calctl_lead$w"); done ;;
    dynamic) __calctl_dyn "${spec[@]:3}" ;;
    profiles) __calctl_dyn profiles ;;
    file) __calctl_files -f "$value" "$__calctl_lead" ;;
    dir) __calctl_files -d "$value" "$__calctl_lead" ;;
    atfile)
      if [[ $value == @* ]]; then
        __calctl_files -f "${value#@}" "$__calctl_lead@"
      else
        __calctl_c+=("$__calctl_lead-" "$__calctl_lead@")
      fi
      ;;
  esac
}

# Files for a value. $1: compgen action (-f, -d), $2: the path typed so far, $3: text before it.
# When readline replaces the path alone, it treats the candidates as file names (quoting, a / after
# a directory); when it also replaces text before it (@ stays in the word it replaces), the / is
# added here and no space follows a directory.
__calctl_files() {
  local f
  if ((__calctl_strip == ${#3})); then
    __calctl_fn=1
    compopt -o filenames 2>/dev/null
  fi
  while IFS= read -r f; do
    [[ -z $__calctl_fn && -d $f ]] && f+=/
    __calctl_c+=("$3$f")
  done < <(compgen "$1" -- "$2")
}

# Splits $1 into shell words with the quotes removed (__calctl_w; the last is the word being
# completed) and finds where the text readline replaces starts in that word, as readline does:
# after the last unquoted COMP_WORDBREAKS character (on it for @ and $, which readline keeps), or
# after an open quote. __calctl_strip: the length of the word before it.
__calctl_split() {
  local line=$1 c q='' word='' in=0 i bstrip=0 qstrip=0
  local breaks=${COMP_WORDBREAKS-$' \t\n"\'@><=;|&(:'}
  for ((i = 0; i < ${#line}; i++)); do
    c=${line:i:1}
    if [[ $q == "'" ]]; then
      if [[ $c == "'" ]]; then q=''; else word+=$c; fi
    elif [[ $c == '\' ]]; then
      in=1
      ((i++))
      c=${line:i:1}
      # in double quotes a backslash quotes only dollar, backquote, double quote, backslash, newline
      [[ $q == '"' && $c != [\$\`\"\\$'\n'] ]] && word+='\'
      [[ $c == $'\n' ]] || word+=$c
    elif [[ $q == '"' ]]; then
      if [[ $c == '"' ]]; then q=''; else word+=$c; fi
    elif [[ $c == [[:space:]] ]]; then
      ((in)) && __calctl_w+=("$word")
      word='' in=0 bstrip=0
    elif [[ $c == [\'\"] ]]; then
      q=$c in=1 qstrip=${#word}
    else
      in=1
      if [[ $breaks == *"$c"* ]]; then
        if [[ $c == [@\$] ]]; then bstrip=${#word}; else bstrip=$((${#word} + 1)); fi
      fi
      word+=$c
    fi
  done
  __calctl_w+=("$word")
  __calctl_open=$q
  if [[ -n $q ]]; then __calctl_strip=$qstrip; else __calctl_strip=$bstrip; fi
}

# Quotes a candidate for the command line (what readline would do for file names).
__calctl_quote() {
  local s=$1 c i
  __calctl_q=''
  for ((i = 0; i < ${#s}; i++)); do
    c=${s:i:1}
    [[ $c == [[:space:]\'\"\\\$\`\;\&\|\<\>\(\)\*\?\[\]\!\{\}] ]] && __calctl_q+='\'
    __calctl_q+=$c
  done
}

_calctl() {
  local __calctl_strip=0 __calctl_open='' __calctl_fn='' __calctl_q
  local -a words=() __calctl_w=()
  __calctl_split "${COMP_LINE:0:COMP_POINT}"
  words=("${__calctl_w[@]}")
  local n=${#words[@]}
  local cur=${words[n - 1]} strip=$__calctl_strip
  local i=1 w cpath='' nargs=0 expect='' optional='' __calctl_r='' __calctl_profile=''
  local -a __calctl_c=()
  if ((n > 2)) && [[ ${words[1]} == @?* ]]; then
    __calctl_profile=${words[1]#@}
    i=2
  fi
  for (( ; i < n - 1; i++)); do
    w=${words[i]}
    if [[ -n $expect ]]; then
      [[ $expect == --profile ]] && __calctl_profile=$w
      expect=''
      continue
    fi
    case $w in
      --) ;;
      --*=*) [[ ${w%%=*} == --profile ]] && __calctl_profile=${w#*=} ;;
      -?*)
        __calctl_optval "$cpath|$w"
        case ${__calctl_r:0:1} in
          r) expect=$w ;;
          o)
            if ((i + 1 < n - 1)) && [[ ${words[i + 1]} =~ ^(true|false|yes|no|on|off|1|0)$ ]]; then
              ((i++))
            elif ((i == n - 2)); then
              optional=$w
            fi
            ;;
        esac
        ;;
      *)
        __calctl_canon "$cpath|$w"
        if [[ -n $__calctl_r ]] && ((nargs == 0)); then
          cpath=${cpath:+$cpath }$__calctl_r
        else
          ((nargs++))
        fi
        ;;
    esac
  done
  if [[ -n $expect ]]; then
    __calctl_optval "$cpath|$expect"
    __calctl_values "$__calctl_r" "$cur" ''
  elif [[ $cur == --*=* ]]; then
    __calctl_optval "$cpath|${cur%%=*}"
    __calctl_values "$__calctl_r" "${cur#*=}" "${cur%%=*}="
  elif [[ $cur == -* ]]; then
    __calctl_opts "$cpath"
    __calctl_c=($__calctl_r)
    __calctl_opts :global
    __calctl_c+=($__calctl_r)
  elif [[ -n $optional ]]; then
    __calctl_optval "$cpath|$optional"
    __calctl_values "$__calctl_r" "$cur" ''
  elif ((n == 2)) && [[ $cur == @* ]]; then
    local __calctl_lead=@
    __calctl_dyn profiles
  else
    __calctl_subs "$cpath"
    if [[ -n $__calctl_r ]] && ((nargs == 0)); then
      __calctl_c=($__calctl_r)
    else
      __calctl_arg "$cpath|#"
      if [[ -n $__calctl_r ]]; then
        local count=${__calctl_r% *} rep=${__calctl_r#* } k=$nargs
        if ((k >= count)); then
          if [[ $rep == v ]]; then k=$((count - 1)); else k=-1; fi
        fi
        if ((k >= 0)); then
          __calctl_arg "$cpath|$k"
          __calctl_values "$__calctl_r" "$cur" ''
        fi
      fi
    fi
  fi
  COMPREPLY=()
  for w in "${__calctl_c[@]}"; do
    [[ $w == "$cur"* ]] || continue
    w=${w:strip}
    # readline quotes file names itself, and inserts text in an open quote as it is
    if [[ -z $__calctl_fn && -z $__calctl_open && $w == *[[:space:]\'\"\\\$\`\;\&\|\<\>\(\)\*\?\[\]\!\{\}]* ]]; then
      __calctl_quote "$w"
      w=$__calctl_q
    fi
    COMPREPLY+=("$w")
  done
  # a directory after @ (not completed as a file name): no space, the path goes on
  [[ -z $__calctl_fn && ${#COMPREPLY[@]} == 1 && $COMPREPLY == */ ]] && compopt -o nospace 2>/dev/null
  return 0
}

complete -F _calctl calctl
