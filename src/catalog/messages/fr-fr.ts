/**
 * French (fr_FR) for the descriptions the server gives its parameters, keyed by the English text the
 * catalog writes (as gettext keys a translation by its English original). Written for calctl, in our
 * own words: never the plugin's translations.
 */
export const FR_FR: Readonly<Record<string, string>> = {
  // lists
  'page of results to return': 'numéro de la page de résultats voulue',
  'events per page (the site caps it at 50)': 'nombre d’évènements par page (50 au plus, limite du site)',
  'venues per page (the site caps it at 50)': 'nombre de lieux par page (50 au plus, limite du site)',
  'organizers per page (the site caps it at 50)': 'nombre d’organisateurs par page (50 au plus, limite du site)',
  'event categories per page (the site caps it at 50)':
    'nombre de catégories d’évènements par page (50 au plus, limite du site)',
  'event tags per page (the site caps it at 50)': 'nombre d’étiquettes par page (50 au plus, limite du site)',
  'events that start on or after this day (default: yesterday)':
    'évènements qui débutent ce jour-là ou plus tard (par défaut : hier)',
  'events that end on or before this day (default: two years ahead)':
    'évènements qui s’achèvent ce jour-là ou plus tôt (par défaut : dans deux ans)',
  'events that start before this date': 'évènements qui débutent avant cette date',
  'events that start after this date': 'évènements qui débutent après cette date',
  'events that end before this date': 'évènements qui s’achèvent avant cette date',
  'events that end after this date': 'évènements qui s’achèvent après cette date',
  'use the exact times of the date filters instead of whole days':
    'appliquer les heures exactes des filtres de date plutôt que des journées entières',
  'words that must all occur in the title, description or excerpt':
    'mots qui doivent tous figurer dans le titre, la description ou l’extrait',
  'events in any of these categories (IDs or slugs; a parent includes its children)':
    'évènements classés dans l’une de ces catégories (identifiants ou slugs ; une catégorie parente inclut ses enfants)',
  'events with any of these tags (IDs or slugs)': 'évènements portant l’une de ces étiquettes (identifiants ou slugs)',
  'events at any of these venue IDs': 'évènements se tenant dans l’un de ces lieux (identifiants)',
  'events run by any of these organizer IDs': 'évènements menés par l’un de ces organisateurs (identifiants)',
  'only featured (or only not featured) events': 'seulement les évènements mis en avant (ou seulement les autres)',
  'only records with these statuses (comma list; any = every status but trash; anonymous readers may only ask for publish)':
    'seulement les fiches ayant ces statuts (liste séparée par des virgules ; any = tous sauf la corbeille ; un visiteur anonyme ne peut demander que publish)',
  'events whose venue has coordinates (needs the premium extension)':
    'évènements dont le lieu a des coordonnées (extension premium requise)',
  'venue latitude, with geoloc_lng (needs the premium extension)':
    'latitude du lieu, avec geoloc_lng (extension premium requise)',
  'venue longitude, with geoloc_lat (needs the premium extension)':
    'longitude du lieu, avec geoloc_lat (extension premium requise)',
  'only these event IDs (array or comma list; the default date window still applies)':
    'seulement ces évènements (tableau ou liste séparée par des virgules ; la période par défaut s’applique toujours)',
  'events whose parent is this event ID': 'évènements dont le parent est cet évènement (identifiant)',
  'events with or without tickets (needs the ticketing plugin)':
    'évènements avec ou sans billets (extension de billetterie requise)',
  'words that must all occur in one field (name, description or address parts)':
    'mots qui doivent tous figurer dans un même champ (nom, description ou éléments de l’adresse)',
  'the venue of this event ID': 'le lieu de cet évènement (identifiant)',
  'venues with (true) or without (false) published events':
    'lieux ayant (true) ou n’ayant pas (false) d’évènements publiés',
  'only venues with upcoming events': 'seulement les lieux qui ont des évènements à venir',
  'words that must all occur in one field (name, description, phone, e-mail or website)':
    'mots qui doivent tous figurer dans un même champ (nom, description, téléphone, courriel ou site web)',
  'organizers of this event ID': 'organisateurs de cet évènement (identifiant)',
  'organizers with (true) or without (false) published events':
    'organisateurs ayant (true) ou n’ayant pas (false) d’évènements publiés',
  'only organizers with upcoming events': 'seulement les organisateurs qui ont des évènements à venir',
  'text contained in the name or slug': 'texte présent dans le nom ou le slug',
  'leave out these IDs': 'exclure ces identifiants',
  'only these IDs': 'seulement ces identifiants',
  'sort direction (default asc)': 'sens du tri (asc par défaut)',
  'sort key (default name)': 'clé de tri (name par défaut)',
  'leave out terms used by no event (default true)':
    'exclure les termes qu’aucun évènement n’utilise (true par défaut)',
  'children of this category ID': 'enfants de cette catégorie (identifiant)',
  'terms of this event ID': 'termes de cet évènement (identifiant)',
  'same as post': 'identique à post',
  'the term with this slug': 'le terme qui a ce slug',
  'password of a protected event': 'mot de passe d’un évènement protégé',
  // events
  'ID of the user who owns the event': 'identifiant de l’utilisateur propriétaire de l’évènement',
  'when the event is published (site time)': 'date de publication de l’évènement (heure du site)',
  'when the event is published (UTC)': 'date de publication de l’évènement (UTC)',
  'name of the event': 'nom de l’évènement',
  'full text of the event (HTML allowed)': 'texte complet de l’évènement (HTML accepté)',
  'URL name of the event': 'nom de l’évènement dans son adresse web',
  'short summary of the event': 'court résumé de l’évènement',
  'publication status of the event (publish, draft, pending, private, future)':
    'statut de publication de l’évènement (publish, draft, pending, private, future)',
  'time zone of the event (e.g. Europe/Paris or UTC+5:30); the site zone when absent':
    'fuseau horaire de l’évènement (par ex. Europe/Paris ou UTC+5:30) ; celui du site s’il manque',
  'the event lasts whole days': 'l’évènement dure des journées entières',
  'when the event starts (event time zone)': 'début de l’évènement (dans son fuseau horaire)',
  'when the event ends (event time zone)': 'fin de l’évènement (dans son fuseau horaire)',
  'featured image: a media ID or an image URL': 'image à la une : identifiant d’un média ou adresse d’une image',
  'price text, e.g. "25", "$10 - $20" or "Free"': 'texte du tarif, par ex. « 25 », « 10 $ - 20 $ » ou « Gratuit »',
  'web page of the event': 'page web de l’évènement',
  'show a map on the event page': 'afficher une carte sur la page de l’évènement',
  'show a link to a map on the event page': 'afficher un lien vers une carte sur la page de l’évènement',
  'keep the event out of calendar listings': 'ne pas faire apparaître l’évènement dans les listes du calendrier',
  'pin the event in the month view': 'épingler l’évènement dans la vue mensuelle',
  'mark the event as featured': 'mettre l’évènement en avant',
  'event categories by ID, slug or name': 'catégories de l’évènement, par identifiant, slug ou nom',
  'tags by ID or name': 'étiquettes, par identifiant ou nom',
  'venue ID, or venue fields to create one inline': 'identifiant du lieu, ou champs d’un lieu à créer au passage',
  'organizer IDs, or organizer fields to create them inline':
    'identifiants des organisateurs, ou champs d’organisateurs à créer au passage',
  'ID of the event': 'identifiant de l’évènement',
  'slug of the event': 'slug de l’évènement',
  // venues
  'ID of the user who owns the venue': 'identifiant de l’utilisateur propriétaire du lieu',
  'when the venue is published (site time)': 'date de publication du lieu (heure du site)',
  'when the venue is published (UTC)': 'date de publication du lieu (UTC)',
  'name of the venue': 'nom du lieu',
  'text about the venue (HTML allowed)': 'texte de présentation du lieu (HTML accepté)',
  'publication status of the venue (publish, draft, pending, private, future)':
    'statut de publication du lieu (publish, draft, pending, private, future)',
  'events at this venue show a map ("true"/"false")':
    'les évènements de ce lieu affichent une carte (« true »/« false »)',
  'events at this venue show a map link ("true"/"false")':
    'les évènements de ce lieu affichent un lien vers une carte (« true »/« false »)',
  'street address': 'adresse (rue et numéro)',
  city: 'ville',
  country: 'pays',
  province: 'province',
  state: 'État',
  'postal code': 'code postal',
  'phone number': 'numéro de téléphone',
  'state or province, as one text': 'État ou province, en un seul texte',
  'web page of the venue': 'page web du lieu',
  'ID of the venue': 'identifiant du lieu',
  'slug of the venue': 'slug du lieu',
  // organizers
  'ID of the user who owns the organizer': 'identifiant de l’utilisateur propriétaire de l’organisateur',
  'when the organizer is published (site time)': 'date de publication de l’organisateur (heure du site)',
  'when the organizer is published (UTC)': 'date de publication de l’organisateur (UTC)',
  'name of the organizer': 'nom de l’organisateur',
  'text about the organizer (HTML allowed)': 'texte de présentation de l’organisateur (HTML accepté)',
  'publication status of the organizer (publish, draft, pending, private, future)':
    'statut de publication de l’organisateur (publish, draft, pending, private, future)',
  'web page of the organizer': 'page web de l’organisateur',
  'e-mail address (not checked by the site)': 'adresse électronique (le site ne la vérifie pas)',
  'ID of the organizer': 'identifiant de l’organisateur',
  'slug of the organizer': 'slug de l’organisateur',
  // categories and tags
  'name of the category': 'nom de la catégorie',
  'text about the category': 'texte de présentation de la catégorie',
  'URL name of the category': 'nom de la catégorie dans son adresse web',
  'ID of the parent category': 'identifiant de la catégorie parente',
  'ID of the category': 'identifiant de la catégorie',
  'name of the tag': 'nom de l’étiquette',
  'text about the tag': 'texte de présentation de l’étiquette',
  'URL name of the tag': 'nom de l’étiquette dans son adresse web',
  'ID of the tag': 'identifiant de l’étiquette',
  // routes and their answers (/doc)
  'a page of events': 'une page d’évènements',
  'a page of venues': 'une page de lieux',
  'a page of organizers': 'une page d’organisateurs',
  'a page of categories': 'une page de catégories',
  'a page of tags': 'une page d’étiquettes',
  'one event': 'un évènement',
  'one venue': 'un lieu',
  'one organizer': 'un organisateur',
  'one category': 'une catégorie',
  'one tag': 'une étiquette',
  'updates an event': 'modifie un évènement',
  'updates a venue': 'modifie un lieu',
  'updates an organizer': 'modifie un organisateur',
  'updates a category': 'modifie une catégorie',
  'updates a tag': 'modifie une étiquette',
  'moves an event to the trash': 'met un évènement à la corbeille',
  'moves a venue to the trash': 'met un lieu à la corbeille',
  'moves an organizer to the trash': 'met un organisateur à la corbeille',
  'deletes a category for good': 'supprime une catégorie définitivement',
  'deletes a tag for good': 'supprime une étiquette définitivement',
  'a parameter is invalid': 'un paramètre n’est pas valable',
  'a parameter is invalid or the record does not exist': 'un paramètre n’est pas valable ou la fiche n’existe pas',
  'the page does not exist': 'cette page n’existe pas',
  'credentials are needed': 'il faut s’identifier',
  'the record cannot be read or changed by this user': 'cet utilisateur ne peut ni lire ni modifier cette fiche',
  'already in the trash': 'déjà à la corbeille',
  'this document': 'ce document',
};
