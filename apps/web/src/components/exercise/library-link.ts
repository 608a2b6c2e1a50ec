/** The exercise library's query parameter that opens it searched for one exercise. */
export const LIBRARY_SEARCH_PARAM = 'search';

/** Where the library shows `exerciseName` (and whatever else its name matches). */
export const libraryLink = (exerciseName: string): string => `/exercises?${new URLSearchParams({ [LIBRARY_SEARCH_PARAM]: exerciseName })}`;
