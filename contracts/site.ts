// The site's name and description: the document title, the home page's head and the RSS feed.
export const SITE_NAME = 'Byline';
export const SITE_DESCRIPTION = 'Byline — stories, ideas and guides from our authors.';
