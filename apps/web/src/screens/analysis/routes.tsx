/* The analysis screens as the router mounts them. */
export { AnalysisListScreen } from './AnalysisListScreen';
export { AnalysisDetailScreen } from './AnalysisDetailScreen';
export { AnalysisLoadingScreen } from './AnalysisLoadingScreen';
export { UploadScreen } from './UploadScreen';
