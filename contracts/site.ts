// The site's name and one-line description: the page head, the home page and the RSS feed say the same.
export const SITE_NAME = 'Byline';
export const SITE_DESCRIPTION = 'Byline — stories, ideas and guides from our authors.';
