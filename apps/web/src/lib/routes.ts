/**
 * Where the specification's upgrade prompts lead (section 2: the upload gate's 'Upgrade Now', the workout's
 * 'Premium Feature' box; section 4: 'Upgrade for Weekly Uploads'): the profile, opened at its Subscription
 * card, where a free golfer picks a plan and checks out. Other upgrade links lead to /subscribe.
 */
export const SUBSCRIPTION_SECTION_ID = 'subscription';
export const PROFILE_UPGRADE = `/profile#${SUBSCRIPTION_SECTION_ID}`;
