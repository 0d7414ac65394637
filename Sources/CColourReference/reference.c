#include "CColourReference.h"

#include <lcms2.h>
#include <string.h>

int ccr_convert(const uint8_t *source, size_t source_length, const uint8_t *target, size_t target_length, const uint8_t colour[3],
                uint8_t converted[3]) {
    cmsHPROFILE from = source_length > 0 ? cmsOpenProfileFromMem(source, (cmsUInt32Number)source_length) : cmsCreate_sRGBProfile();
    cmsHPROFILE to = target_length > 0 ? cmsOpenProfileFromMem(target, (cmsUInt32Number)target_length) : cmsCreate_sRGBProfile();
    int status = -1;
    if (from != NULL && to != NULL) {
        cmsHTRANSFORM transform = cmsCreateTransform(from, TYPE_RGB_8, to, TYPE_RGB_8, INTENT_PERCEPTUAL, 0);
        if (transform != NULL) {
            cmsDoTransform(transform, colour, converted, 1);
            cmsDeleteTransform(transform);
            status = 0;
        }
    }
    if (from != NULL) cmsCloseProfile(from);
    if (to != NULL) cmsCloseProfile(to);
    return status;
}

static cmsHPROFILE matrix_profile(const double chromaticities[8], int curve_type, const double *parameters) {
    cmsCIExyY white = {chromaticities[0], chromaticities[1], 1.0};
    cmsCIExyYTRIPLE primaries = {
        {chromaticities[2], chromaticities[3], 1.0}, {chromaticities[4], chromaticities[5], 1.0}, {chromaticities[6], chromaticities[7], 1.0}};
    cmsToneCurve *curve = cmsBuildParametricToneCurve(NULL, curve_type, parameters);
    if (curve == NULL) return NULL;
    cmsToneCurve *curves[3] = {curve, curve, curve};
    cmsHPROFILE profile = cmsCreateRGBProfile(&white, &primaries, curves);
    cmsFreeToneCurve(curve);
    return profile;
}

static int save(cmsHPROFILE profile, uint8_t *bytes, size_t capacity) {
    cmsUInt32Number needed = 0;
    if (!cmsSaveProfileToMem(profile, NULL, &needed) || needed > capacity) return -1;
    return cmsSaveProfileToMem(profile, bytes, &needed) ? (int)needed : -1;
}

int ccr_rgb_profile(const double chromaticities[8], int curve_type, const double *parameters, const char *description, uint8_t *bytes,
                    size_t capacity) {
    cmsHPROFILE profile = matrix_profile(chromaticities, curve_type, parameters);
    if (profile == NULL) return -1;
    cmsMLU *text = cmsMLUalloc(NULL, 1);
    if (text != NULL) {
        cmsMLUsetASCII(text, "en", "US", description);
        cmsWriteTag(profile, cmsSigProfileDescriptionTag, text);
        cmsMLUfree(text);
    }
    int length = save(profile, bytes, capacity);
    cmsCloseProfile(profile);
    return length;
}

/* The lookup table's sampler: device RGB → PCS (Lab, 16-bit encoding) through the matrix profile. */
static int sample(const cmsUInt16Number in[], cmsUInt16Number out[], void *cargo) {
    cmsDoTransform((cmsHTRANSFORM)cargo, in, out, 1);
    return 1;
}

int ccr_lut_profile(const double chromaticities[8], int curve_type, const double *parameters, int grid, uint8_t *bytes, size_t capacity) {
    cmsHPROFILE matrix = matrix_profile(chromaticities, curve_type, parameters);
    if (matrix == NULL) return -1;
    cmsHPROFILE lab = cmsCreateLab4Profile(NULL);
    cmsHTRANSFORM toLab = cmsCreateTransform(matrix, TYPE_RGB_16, lab, TYPE_Lab_16, INTENT_PERCEPTUAL, cmsFLAGS_NOOPTIMIZE);
    cmsHPROFILE profile = cmsCreateProfilePlaceholder(NULL);
    int length = -1;
    if (toLab != NULL && profile != NULL) {
        cmsSetProfileVersion(profile, 4.3);
        cmsSetDeviceClass(profile, cmsSigDisplayClass);
        cmsSetColorSpace(profile, cmsSigRgbData);
        cmsSetPCS(profile, cmsSigLabData);
        cmsPipeline *pipeline = cmsPipelineAlloc(NULL, 3, 3);
        cmsStage *table = cmsStageAllocCLut16bit(NULL, (cmsUInt32Number)grid, 3, 3, NULL);
        /* lutAtoBType: A curves, the table, B curves (identities around it). */
        if (pipeline != NULL && table != NULL && cmsStageSampleCLut16bit(table, sample, toLab, 0) &&
            cmsPipelineInsertStage(pipeline, cmsAT_BEGIN, table)) {
            table = NULL;
            cmsPipelineInsertStage(pipeline, cmsAT_BEGIN, cmsStageAllocToneCurves(NULL, 3, NULL));
            cmsPipelineInsertStage(pipeline, cmsAT_END, cmsStageAllocToneCurves(NULL, 3, NULL));
            cmsWriteTag(profile, cmsSigAToB0Tag, pipeline);
            cmsWriteTag(profile, cmsSigMediaWhitePointTag, cmsD50_XYZ());
            /* The way back (display side), from the matrix profile: a picture profile needs none,
             * but Little CMS checks the tags a class must have. */
            cmsPipeline *back = cmsPipelineAlloc(NULL, 3, 3);
            if (back != NULL) cmsPipelineInsertStage(back, cmsAT_BEGIN, cmsStageAllocToneCurves(NULL, 3, NULL));
            if (back != NULL) {
                cmsWriteTag(profile, cmsSigBToA0Tag, back);
                cmsPipelineFree(back);
            }
            length = save(profile, bytes, capacity);
        }
        if (table != NULL) cmsStageFree(table);
        if (pipeline != NULL) cmsPipelineFree(pipeline);
    }
    if (toLab != NULL) cmsDeleteTransform(toLab);
    if (profile != NULL) cmsCloseProfile(profile);
    cmsCloseProfile(lab);
    cmsCloseProfile(matrix);
    return length;
}

int ccr_grey_profile(double gamma, uint8_t *bytes, size_t capacity) {
    cmsToneCurve *curve = cmsBuildGamma(NULL, gamma);
    if (curve == NULL) return -1;
    cmsHPROFILE profile = cmsCreateGrayProfile(cmsD50_xyY(), curve);
    cmsFreeToneCurve(curve);
    if (profile == NULL) return -1;
    int length = save(profile, bytes, capacity);
    cmsCloseProfile(profile);
    return length;
}

int ccr_convert_grey(const uint8_t *source, size_t source_length, const uint8_t *target, size_t target_length, uint8_t grey,
                     uint8_t converted[3]) {
    cmsHPROFILE from = cmsOpenProfileFromMem(source, (cmsUInt32Number)source_length);
    cmsHPROFILE to = target_length > 0 ? cmsOpenProfileFromMem(target, (cmsUInt32Number)target_length) : cmsCreate_sRGBProfile();
    int status = -1;
    if (from != NULL && to != NULL) {
        cmsHTRANSFORM transform = cmsCreateTransform(from, TYPE_GRAY_8, to, TYPE_RGB_8, INTENT_PERCEPTUAL, 0);
        if (transform != NULL) {
            cmsDoTransform(transform, &grey, converted, 1);
            cmsDeleteTransform(transform);
            status = 0;
        }
    }
    if (from != NULL) cmsCloseProfile(from);
    if (to != NULL) cmsCloseProfile(to);
    return status;
}
