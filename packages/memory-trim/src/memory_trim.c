// malloc_trim(0) for Node. glibc gives back the top of its heaps when memory is freed, but not the free
// pages between chunks still in use: after thousands of connections have come and gone, their buffers'
// pages stay in the process (about 60 MB after 5,000 streams) until malloc_trim releases them.
#include <node_api.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

// trim(): true when memory was given back to the system; false when none was, or on a C library
// without malloc_trim (musl's allocator gives freed pages back by itself).
static napi_value Trim(napi_env env, napi_callback_info info) {
  (void)info;
  int released = 0;
#ifdef __GLIBC__
  released = malloc_trim(0);
#endif
  napi_value result;
  napi_get_boolean(env, released != 0, &result);
  return result;
}

NAPI_MODULE_INIT() {
  napi_value trim;
  napi_create_function(env, "trim", NAPI_AUTO_LENGTH, Trim, NULL, &trim);
  napi_set_named_property(env, exports, "trim", trim);
  return exports;
}
