// sources sha256:bed23036a269bd8fb1ad26b7f32195cb6b77ae5a76b1e5f9f8ae7ff25791cb09
// files: client.lock scripts/_irc_framework_entry.js
// @ts-nocheck
// Made by deno task bundle-irc from npm:irc-framework@4.14.0/src/client.js: edit the sources, not this file.
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
import { createRequire as __deno_internal_createRequire } from "node:module";
var __require = __deno_internal_createRequire(import.meta.url);

var __commonJS = (cb, mod) => function __require2() {
  return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  1 ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

// npm:lodash@4.18.1/_freeGlobal.js
var require_freeGlobal = __commonJS({
  "npm:lodash@4.18.1/_freeGlobal.js": (function (exports, module) {
    var freeGlobal = typeof global == "object" && global && global.Object === Object && global;
    module.exports = freeGlobal;
  })
});

// npm:lodash@4.18.1/_root.js
var require_root = __commonJS({
  "npm:lodash@4.18.1/_root.js": (function (exports, module) {
    var freeGlobal = require_freeGlobal();
    var freeSelf = typeof self == "object" && self && self.Object === Object && self;
    var root = freeGlobal || freeSelf || Function("return this")();
    module.exports = root;
  })
});

// npm:lodash@4.18.1/_Symbol.js
var require_Symbol = __commonJS({
  "npm:lodash@4.18.1/_Symbol.js": (function (exports, module) {
    var root = require_root();
    var Symbol2 = root.Symbol;
    module.exports = Symbol2;
  })
});

// npm:lodash@4.18.1/_getRawTag.js
var require_getRawTag = __commonJS({
  "npm:lodash@4.18.1/_getRawTag.js": (function (exports, module) {
    var Symbol2 = require_Symbol();
    var objectProto = Object.prototype;
    var hasOwnProperty = objectProto.hasOwnProperty;
    var nativeObjectToString = objectProto.toString;
    var symToStringTag = Symbol2 ? Symbol2.toStringTag : void 0;
    function getRawTag(value) {
      var isOwn = hasOwnProperty.call(value, symToStringTag), tag = value[symToStringTag];
      try {
        value[symToStringTag] = void 0;
        var unmasked = true;
      } catch (e) {
      }
      var result = nativeObjectToString.call(value);
      if (unmasked) {
        if (isOwn) {
          value[symToStringTag] = tag;
        } else {
          delete value[symToStringTag];
        }
      }
      return result;
    }
    module.exports = getRawTag;
  })
});

// npm:lodash@4.18.1/_objectToString.js
var require_objectToString = __commonJS({
  "npm:lodash@4.18.1/_objectToString.js": (function (exports, module) {
    var objectProto = Object.prototype;
    var nativeObjectToString = objectProto.toString;
    function objectToString(value) {
      return nativeObjectToString.call(value);
    }
    module.exports = objectToString;
  })
});

// npm:lodash@4.18.1/_baseGetTag.js
var require_baseGetTag = __commonJS({
  "npm:lodash@4.18.1/_baseGetTag.js": (function (exports, module) {
    var Symbol2 = require_Symbol();
    var getRawTag = require_getRawTag();
    var objectToString = require_objectToString();
    var nullTag = "[object Null]";
    var undefinedTag = "[object Undefined]";
    var symToStringTag = Symbol2 ? Symbol2.toStringTag : void 0;
    function baseGetTag(value) {
      if (value == null) {
        return value === void 0 ? undefinedTag : nullTag;
      }
      return symToStringTag && symToStringTag in Object(value) ? getRawTag(value) : objectToString(value);
    }
    module.exports = baseGetTag;
  })
});

// npm:lodash@4.18.1/isObject.js
var require_isObject = __commonJS({
  "npm:lodash@4.18.1/isObject.js": (function (exports, module) {
    function isObject(value) {
      var type = typeof value;
      return value != null && (type == "object" || type == "function");
    }
    module.exports = isObject;
  })
});

// npm:lodash@4.18.1/isFunction.js
var require_isFunction = __commonJS({
  "npm:lodash@4.18.1/isFunction.js": (function (exports, module) {
    var baseGetTag = require_baseGetTag();
    var isObject = require_isObject();
    var asyncTag = "[object AsyncFunction]";
    var funcTag = "[object Function]";
    var genTag = "[object GeneratorFunction]";
    var proxyTag = "[object Proxy]";
    function isFunction(value) {
      if (!isObject(value)) {
        return false;
      }
      var tag = baseGetTag(value);
      return tag == funcTag || tag == genTag || tag == asyncTag || tag == proxyTag;
    }
    module.exports = isFunction;
  })
});

// npm:lodash@4.18.1/_coreJsData.js
var require_coreJsData = __commonJS({
  "npm:lodash@4.18.1/_coreJsData.js": (function (exports, module) {
    var root = require_root();
    var coreJsData = root["__core-js_shared__"];
    module.exports = coreJsData;
  })
});

// npm:lodash@4.18.1/_isMasked.js
var require_isMasked = __commonJS({
  "npm:lodash@4.18.1/_isMasked.js": (function (exports, module) {
    var coreJsData = require_coreJsData();
    var maskSrcKey = function() {
      var uid = /[^.]+$/.exec(coreJsData && coreJsData.keys && coreJsData.keys.IE_PROTO || "");
      return uid ? "Symbol(src)_1." + uid : "";
    }();
    function isMasked(func) {
      return !!maskSrcKey && maskSrcKey in func;
    }
    module.exports = isMasked;
  })
});

// npm:lodash@4.18.1/_toSource.js
var require_toSource = __commonJS({
  "npm:lodash@4.18.1/_toSource.js": (function (exports, module) {
    var funcProto = Function.prototype;
    var funcToString = funcProto.toString;
    function toSource(func) {
      if (func != null) {
        try {
          return funcToString.call(func);
        } catch (e) {
        }
        try {
          return func + "";
        } catch (e) {
        }
      }
      return "";
    }
    module.exports = toSource;
  })
});

// npm:lodash@4.18.1/_baseIsNative.js
var require_baseIsNative = __commonJS({
  "npm:lodash@4.18.1/_baseIsNative.js": (function (exports, module) {
    var isFunction = require_isFunction();
    var isMasked = require_isMasked();
    var isObject = require_isObject();
    var toSource = require_toSource();
    var reRegExpChar = /[\\^$.*+?()[\]{}|]/g;
    var reIsHostCtor = /^\[object .+?Constructor\]$/;
    var funcProto = Function.prototype;
    var objectProto = Object.prototype;
    var funcToString = funcProto.toString;
    var hasOwnProperty = objectProto.hasOwnProperty;
    var reIsNative = RegExp("^" + funcToString.call(hasOwnProperty).replace(reRegExpChar, "\\$&").replace(/hasOwnProperty|(function).*?(?=\\\()| for .+?(?=\\\])/g, "$1.*?") + "$");
    function baseIsNative(value) {
      if (!isObject(value) || isMasked(value)) {
        return false;
      }
      var pattern = isFunction(value) ? reIsNative : reIsHostCtor;
      return pattern.test(toSource(value));
    }
    module.exports = baseIsNative;
  })
});

// npm:lodash@4.18.1/_getValue.js
var require_getValue = __commonJS({
  "npm:lodash@4.18.1/_getValue.js": (function (exports, module) {
    function getValue(object, key) {
      return object == null ? void 0 : object[key];
    }
    module.exports = getValue;
  })
});

// npm:lodash@4.18.1/_getNative.js
var require_getNative = __commonJS({
  "npm:lodash@4.18.1/_getNative.js": (function (exports, module) {
    var baseIsNative = require_baseIsNative();
    var getValue = require_getValue();
    function getNative(object, key) {
      var value = getValue(object, key);
      return baseIsNative(value) ? value : void 0;
    }
    module.exports = getNative;
  })
});

// npm:lodash@4.18.1/_defineProperty.js
var require_defineProperty = __commonJS({
  "npm:lodash@4.18.1/_defineProperty.js": (function (exports, module) {
    var getNative = require_getNative();
    var defineProperty = function() {
      try {
        var func = getNative(Object, "defineProperty");
        func({}, "", {});
        return func;
      } catch (e) {
      }
    }();
    module.exports = defineProperty;
  })
});

// npm:lodash@4.18.1/_baseAssignValue.js
var require_baseAssignValue = __commonJS({
  "npm:lodash@4.18.1/_baseAssignValue.js": (function (exports, module) {
    var defineProperty = require_defineProperty();
    function baseAssignValue(object, key, value) {
      if (key == "__proto__" && defineProperty) {
        defineProperty(object, key, {
          "configurable": true,
          "enumerable": true,
          "value": value,
          "writable": true
        });
      } else {
        object[key] = value;
      }
    }
    module.exports = baseAssignValue;
  })
});

// npm:lodash@4.18.1/eq.js
var require_eq = __commonJS({
  "npm:lodash@4.18.1/eq.js": (function (exports, module) {
    function eq(value, other) {
      return value === other || value !== value && other !== other;
    }
    module.exports = eq;
  })
});

// npm:lodash@4.18.1/_assignValue.js
var require_assignValue = __commonJS({
  "npm:lodash@4.18.1/_assignValue.js": (function (exports, module) {
    var baseAssignValue = require_baseAssignValue();
    var eq = require_eq();
    var objectProto = Object.prototype;
    var hasOwnProperty = objectProto.hasOwnProperty;
    function assignValue(object, key, value) {
      var objValue = object[key];
      if (!(hasOwnProperty.call(object, key) && eq(objValue, value)) || value === void 0 && !(key in object)) {
        baseAssignValue(object, key, value);
      }
    }
    module.exports = assignValue;
  })
});

// npm:lodash@4.18.1/_copyObject.js
var require_copyObject = __commonJS({
  "npm:lodash@4.18.1/_copyObject.js": (function (exports, module) {
    var assignValue = require_assignValue();
    var baseAssignValue = require_baseAssignValue();
    function copyObject(source, props, object, customizer) {
      var isNew = !object;
      object || (object = {});
      var index = -1, length = props.length;
      while (++index < length) {
        var key = props[index];
        var newValue = customizer ? customizer(object[key], source[key], key, object, source) : void 0;
        if (newValue === void 0) {
          newValue = source[key];
        }
        if (isNew) {
          baseAssignValue(object, key, newValue);
        } else {
          assignValue(object, key, newValue);
        }
      }
      return object;
    }
    module.exports = copyObject;
  })
});

// npm:lodash@4.18.1/identity.js
var require_identity = __commonJS({
  "npm:lodash@4.18.1/identity.js": (function (exports, module) {
    function identity(value) {
      return value;
    }
    module.exports = identity;
  })
});

// npm:lodash@4.18.1/_apply.js
var require_apply = __commonJS({
  "npm:lodash@4.18.1/_apply.js": (function (exports, module) {
    function apply(func, thisArg, args) {
      switch (args.length) {
        case 0:
          return func.call(thisArg);
        case 1:
          return func.call(thisArg, args[0]);
        case 2:
          return func.call(thisArg, args[0], args[1]);
        case 3:
          return func.call(thisArg, args[0], args[1], args[2]);
      }
      return func.apply(thisArg, args);
    }
    module.exports = apply;
  })
});

// npm:lodash@4.18.1/_overRest.js
var require_overRest = __commonJS({
  "npm:lodash@4.18.1/_overRest.js": (function (exports, module) {
    var apply = require_apply();
    var nativeMax = Math.max;
    function overRest(func, start, transform) {
      start = nativeMax(start === void 0 ? func.length - 1 : start, 0);
      return function() {
        var args = arguments, index = -1, length = nativeMax(args.length - start, 0), array = Array(length);
        while (++index < length) {
          array[index] = args[start + index];
        }
        index = -1;
        var otherArgs = Array(start + 1);
        while (++index < start) {
          otherArgs[index] = args[index];
        }
        otherArgs[start] = transform(array);
        return apply(func, this, otherArgs);
      };
    }
    module.exports = overRest;
  })
});

// npm:lodash@4.18.1/constant.js
var require_constant = __commonJS({
  "npm:lodash@4.18.1/constant.js": (function (exports, module) {
    function constant(value) {
      return function() {
        return value;
      };
    }
    module.exports = constant;
  })
});

// npm:lodash@4.18.1/_baseSetToString.js
var require_baseSetToString = __commonJS({
  "npm:lodash@4.18.1/_baseSetToString.js": (function (exports, module) {
    var constant = require_constant();
    var defineProperty = require_defineProperty();
    var identity = require_identity();
    var baseSetToString = !defineProperty ? identity : function(func, string) {
      return defineProperty(func, "toString", {
        "configurable": true,
        "enumerable": false,
        "value": constant(string),
        "writable": true
      });
    };
    module.exports = baseSetToString;
  })
});

// npm:lodash@4.18.1/_shortOut.js
var require_shortOut = __commonJS({
  "npm:lodash@4.18.1/_shortOut.js": (function (exports, module) {
    var HOT_COUNT = 800;
    var HOT_SPAN = 16;
    var nativeNow = Date.now;
    function shortOut(func) {
      var count = 0, lastCalled = 0;
      return function() {
        var stamp = nativeNow(), remaining = HOT_SPAN - (stamp - lastCalled);
        lastCalled = stamp;
        if (remaining > 0) {
          if (++count >= HOT_COUNT) {
            return arguments[0];
          }
        } else {
          count = 0;
        }
        return func.apply(void 0, arguments);
      };
    }
    module.exports = shortOut;
  })
});

// npm:lodash@4.18.1/_setToString.js
var require_setToString = __commonJS({
  "npm:lodash@4.18.1/_setToString.js": (function (exports, module) {
    var baseSetToString = require_baseSetToString();
    var shortOut = require_shortOut();
    var setToString = shortOut(baseSetToString);
    module.exports = setToString;
  })
});

// npm:lodash@4.18.1/_baseRest.js
var require_baseRest = __commonJS({
  "npm:lodash@4.18.1/_baseRest.js": (function (exports, module) {
    var identity = require_identity();
    var overRest = require_overRest();
    var setToString = require_setToString();
    function baseRest(func, start) {
      return setToString(overRest(func, start, identity), func + "");
    }
    module.exports = baseRest;
  })
});

// npm:lodash@4.18.1/isLength.js
var require_isLength = __commonJS({
  "npm:lodash@4.18.1/isLength.js": (function (exports, module) {
    var MAX_SAFE_INTEGER = 9007199254740991;
    function isLength(value) {
      return typeof value == "number" && value > -1 && value % 1 == 0 && value <= MAX_SAFE_INTEGER;
    }
    module.exports = isLength;
  })
});

// npm:lodash@4.18.1/isArrayLike.js
var require_isArrayLike = __commonJS({
  "npm:lodash@4.18.1/isArrayLike.js": (function (exports, module) {
    var isFunction = require_isFunction();
    var isLength = require_isLength();
    function isArrayLike(value) {
      return value != null && isLength(value.length) && !isFunction(value);
    }
    module.exports = isArrayLike;
  })
});

// npm:lodash@4.18.1/_isIndex.js
var require_isIndex = __commonJS({
  "npm:lodash@4.18.1/_isIndex.js": (function (exports, module) {
    var MAX_SAFE_INTEGER = 9007199254740991;
    var reIsUint = /^(?:0|[1-9]\d*)$/;
    function isIndex(value, length) {
      var type = typeof value;
      length = length == null ? MAX_SAFE_INTEGER : length;
      return !!length && (type == "number" || type != "symbol" && reIsUint.test(value)) && (value > -1 && value % 1 == 0 && value < length);
    }
    module.exports = isIndex;
  })
});

// npm:lodash@4.18.1/_isIterateeCall.js
var require_isIterateeCall = __commonJS({
  "npm:lodash@4.18.1/_isIterateeCall.js": (function (exports, module) {
    var eq = require_eq();
    var isArrayLike = require_isArrayLike();
    var isIndex = require_isIndex();
    var isObject = require_isObject();
    function isIterateeCall(value, index, object) {
      if (!isObject(object)) {
        return false;
      }
      var type = typeof index;
      if (type == "number" ? isArrayLike(object) && isIndex(index, object.length) : type == "string" && index in object) {
        return eq(object[index], value);
      }
      return false;
    }
    module.exports = isIterateeCall;
  })
});

// npm:lodash@4.18.1/_createAssigner.js
var require_createAssigner = __commonJS({
  "npm:lodash@4.18.1/_createAssigner.js": (function (exports, module) {
    var baseRest = require_baseRest();
    var isIterateeCall = require_isIterateeCall();
    function createAssigner(assigner) {
      return baseRest(function(object, sources) {
        var index = -1, length = sources.length, customizer = length > 1 ? sources[length - 1] : void 0, guard = length > 2 ? sources[2] : void 0;
        customizer = assigner.length > 3 && typeof customizer == "function" ? (length--, customizer) : void 0;
        if (guard && isIterateeCall(sources[0], sources[1], guard)) {
          customizer = length < 3 ? void 0 : customizer;
          length = 1;
        }
        object = Object(object);
        while (++index < length) {
          var source = sources[index];
          if (source) {
            assigner(object, source, index, customizer);
          }
        }
        return object;
      });
    }
    module.exports = createAssigner;
  })
});

// npm:lodash@4.18.1/_baseTimes.js
var require_baseTimes = __commonJS({
  "npm:lodash@4.18.1/_baseTimes.js": (function (exports, module) {
    function baseTimes(n, iteratee) {
      var index = -1, result = Array(n);
      while (++index < n) {
        result[index] = iteratee(index);
      }
      return result;
    }
    module.exports = baseTimes;
  })
});

// npm:lodash@4.18.1/isObjectLike.js
var require_isObjectLike = __commonJS({
  "npm:lodash@4.18.1/isObjectLike.js": (function (exports, module) {
    function isObjectLike(value) {
      return value != null && typeof value == "object";
    }
    module.exports = isObjectLike;
  })
});

// npm:lodash@4.18.1/_baseIsArguments.js
var require_baseIsArguments = __commonJS({
  "npm:lodash@4.18.1/_baseIsArguments.js": (function (exports, module) {
    var baseGetTag = require_baseGetTag();
    var isObjectLike = require_isObjectLike();
    var argsTag = "[object Arguments]";
    function baseIsArguments(value) {
      return isObjectLike(value) && baseGetTag(value) == argsTag;
    }
    module.exports = baseIsArguments;
  })
});

// npm:lodash@4.18.1/isArguments.js
var require_isArguments = __commonJS({
  "npm:lodash@4.18.1/isArguments.js": (function (exports, module) {
    var baseIsArguments = require_baseIsArguments();
    var isObjectLike = require_isObjectLike();
    var objectProto = Object.prototype;
    var hasOwnProperty = objectProto.hasOwnProperty;
    var propertyIsEnumerable = objectProto.propertyIsEnumerable;
    var isArguments = baseIsArguments(/* @__PURE__ */ function() {
      return arguments;
    }()) ? baseIsArguments : function(value) {
      return isObjectLike(value) && hasOwnProperty.call(value, "callee") && !propertyIsEnumerable.call(value, "callee");
    };
    module.exports = isArguments;
  })
});

// npm:lodash@4.18.1/isArray.js
var require_isArray = __commonJS({
  "npm:lodash@4.18.1/isArray.js": (function (exports, module) {
    var isArray = Array.isArray;
    module.exports = isArray;
  })
});

// npm:lodash@4.18.1/stubFalse.js
var require_stubFalse = __commonJS({
  "npm:lodash@4.18.1/stubFalse.js": (function (exports, module) {
    function stubFalse() {
      return false;
    }
    module.exports = stubFalse;
  })
});

// npm:lodash@4.18.1/isBuffer.js
var require_isBuffer = __commonJS({
  "npm:lodash@4.18.1/isBuffer.js": (function (exports, module) {
    var root = require_root();
    var stubFalse = require_stubFalse();
    var freeExports = typeof exports == "object" && exports && !exports.nodeType && exports;
    var freeModule = freeExports && typeof module == "object" && module && !module.nodeType && module;
    var moduleExports = freeModule && freeModule.exports === freeExports;
    var Buffer2 = moduleExports ? root.Buffer : void 0;
    var nativeIsBuffer = Buffer2 ? Buffer2.isBuffer : void 0;
    var isBuffer = nativeIsBuffer || stubFalse;
    module.exports = isBuffer;
  })
});

// npm:lodash@4.18.1/_baseIsTypedArray.js
var require_baseIsTypedArray = __commonJS({
  "npm:lodash@4.18.1/_baseIsTypedArray.js": (function (exports, module) {
    var baseGetTag = require_baseGetTag();
    var isLength = require_isLength();
    var isObjectLike = require_isObjectLike();
    var argsTag = "[object Arguments]";
    var arrayTag = "[object Array]";
    var boolTag = "[object Boolean]";
    var dateTag = "[object Date]";
    var errorTag = "[object Error]";
    var funcTag = "[object Function]";
    var mapTag = "[object Map]";
    var numberTag = "[object Number]";
    var objectTag = "[object Object]";
    var regexpTag = "[object RegExp]";
    var setTag = "[object Set]";
    var stringTag = "[object String]";
    var weakMapTag = "[object WeakMap]";
    var arrayBufferTag = "[object ArrayBuffer]";
    var dataViewTag = "[object DataView]";
    var float32Tag = "[object Float32Array]";
    var float64Tag = "[object Float64Array]";
    var int8Tag = "[object Int8Array]";
    var int16Tag = "[object Int16Array]";
    var int32Tag = "[object Int32Array]";
    var uint8Tag = "[object Uint8Array]";
    var uint8ClampedTag = "[object Uint8ClampedArray]";
    var uint16Tag = "[object Uint16Array]";
    var uint32Tag = "[object Uint32Array]";
    var typedArrayTags = {};
    typedArrayTags[float32Tag] = typedArrayTags[float64Tag] = typedArrayTags[int8Tag] = typedArrayTags[int16Tag] = typedArrayTags[int32Tag] = typedArrayTags[uint8Tag] = typedArrayTags[uint8ClampedTag] = typedArrayTags[uint16Tag] = typedArrayTags[uint32Tag] = true;
    typedArrayTags[argsTag] = typedArrayTags[arrayTag] = typedArrayTags[arrayBufferTag] = typedArrayTags[boolTag] = typedArrayTags[dataViewTag] = typedArrayTags[dateTag] = typedArrayTags[errorTag] = typedArrayTags[funcTag] = typedArrayTags[mapTag] = typedArrayTags[numberTag] = typedArrayTags[objectTag] = typedArrayTags[regexpTag] = typedArrayTags[setTag] = typedArrayTags[stringTag] = typedArrayTags[weakMapTag] = false;
    function baseIsTypedArray(value) {
      return isObjectLike(value) && isLength(value.length) && !!typedArrayTags[baseGetTag(value)];
    }
    module.exports = baseIsTypedArray;
  })
});

// npm:lodash@4.18.1/_baseUnary.js
var require_baseUnary = __commonJS({
  "npm:lodash@4.18.1/_baseUnary.js": (function (exports, module) {
    function baseUnary(func) {
      return function(value) {
        return func(value);
      };
    }
    module.exports = baseUnary;
  })
});

// npm:lodash@4.18.1/_nodeUtil.js
var require_nodeUtil = __commonJS({
  "npm:lodash@4.18.1/_nodeUtil.js": (function (exports, module) {
    var freeGlobal = require_freeGlobal();
    var freeExports = typeof exports == "object" && exports && !exports.nodeType && exports;
    var freeModule = freeExports && typeof module == "object" && module && !module.nodeType && module;
    var moduleExports = freeModule && freeModule.exports === freeExports;
    var freeProcess = moduleExports && freeGlobal.process;
    var nodeUtil = function() {
      try {
        var types = freeModule && freeModule.require && freeModule.require("util").types;
        if (types) {
          return types;
        }
        return freeProcess && freeProcess.binding && freeProcess.binding("util");
      } catch (e) {
      }
    }();
    module.exports = nodeUtil;
  })
});

// npm:lodash@4.18.1/isTypedArray.js
var require_isTypedArray = __commonJS({
  "npm:lodash@4.18.1/isTypedArray.js": (function (exports, module) {
    var baseIsTypedArray = require_baseIsTypedArray();
    var baseUnary = require_baseUnary();
    var nodeUtil = require_nodeUtil();
    var nodeIsTypedArray = nodeUtil && nodeUtil.isTypedArray;
    var isTypedArray = nodeIsTypedArray ? baseUnary(nodeIsTypedArray) : baseIsTypedArray;
    module.exports = isTypedArray;
  })
});

// npm:lodash@4.18.1/_arrayLikeKeys.js
var require_arrayLikeKeys = __commonJS({
  "npm:lodash@4.18.1/_arrayLikeKeys.js": (function (exports, module) {
    var baseTimes = require_baseTimes();
    var isArguments = require_isArguments();
    var isArray = require_isArray();
    var isBuffer = require_isBuffer();
    var isIndex = require_isIndex();
    var isTypedArray = require_isTypedArray();
    var objectProto = Object.prototype;
    var hasOwnProperty = objectProto.hasOwnProperty;
    function arrayLikeKeys(value, inherited) {
      var isArr = isArray(value), isArg = !isArr && isArguments(value), isBuff = !isArr && !isArg && isBuffer(value), isType = !isArr && !isArg && !isBuff && isTypedArray(value), skipIndexes = isArr || isArg || isBuff || isType, result = skipIndexes ? baseTimes(value.length, String) : [], length = result.length;
      for (var key in value) {
        if ((inherited || hasOwnProperty.call(value, key)) && !(skipIndexes && // Safari 9 has enumerable `arguments.length` in strict mode.
        (key == "length" || // Node.js 0.10 has enumerable non-index properties on buffers.
        isBuff && (key == "offset" || key == "parent") || // PhantomJS 2 has enumerable non-index properties on typed arrays.
        isType && (key == "buffer" || key == "byteLength" || key == "byteOffset") || // Skip index properties.
        isIndex(key, length)))) {
          result.push(key);
        }
      }
      return result;
    }
    module.exports = arrayLikeKeys;
  })
});

// npm:lodash@4.18.1/_isPrototype.js
var require_isPrototype = __commonJS({
  "npm:lodash@4.18.1/_isPrototype.js": (function (exports, module) {
    var objectProto = Object.prototype;
    function isPrototype(value) {
      var Ctor = value && value.constructor, proto = typeof Ctor == "function" && Ctor.prototype || objectProto;
      return value === proto;
    }
    module.exports = isPrototype;
  })
});

// npm:lodash@4.18.1/_nativeKeysIn.js
var require_nativeKeysIn = __commonJS({
  "npm:lodash@4.18.1/_nativeKeysIn.js": (function (exports, module) {
    function nativeKeysIn(object) {
      var result = [];
      if (object != null) {
        for (var key in Object(object)) {
          result.push(key);
        }
      }
      return result;
    }
    module.exports = nativeKeysIn;
  })
});

// npm:lodash@4.18.1/_baseKeysIn.js
var require_baseKeysIn = __commonJS({
  "npm:lodash@4.18.1/_baseKeysIn.js": (function (exports, module) {
    var isObject = require_isObject();
    var isPrototype = require_isPrototype();
    var nativeKeysIn = require_nativeKeysIn();
    var objectProto = Object.prototype;
    var hasOwnProperty = objectProto.hasOwnProperty;
    function baseKeysIn(object) {
      if (!isObject(object)) {
        return nativeKeysIn(object);
      }
      var isProto = isPrototype(object), result = [];
      for (var key in object) {
        if (!(key == "constructor" && (isProto || !hasOwnProperty.call(object, key)))) {
          result.push(key);
        }
      }
      return result;
    }
    module.exports = baseKeysIn;
  })
});

// npm:lodash@4.18.1/keysIn.js
var require_keysIn = __commonJS({
  "npm:lodash@4.18.1/keysIn.js": (function (exports, module) {
    var arrayLikeKeys = require_arrayLikeKeys();
    var baseKeysIn = require_baseKeysIn();
    var isArrayLike = require_isArrayLike();
    function keysIn(object) {
      return isArrayLike(object) ? arrayLikeKeys(object, true) : baseKeysIn(object);
    }
    module.exports = keysIn;
  })
});

// npm:lodash@4.18.1/assignIn.js
var require_assignIn = __commonJS({
  "npm:lodash@4.18.1/assignIn.js": (function (exports, module) {
    var copyObject = require_copyObject();
    var createAssigner = require_createAssigner();
    var keysIn = require_keysIn();
    var assignIn = createAssigner(function(object, source) {
      copyObject(source, keysIn(source), object);
    });
    module.exports = assignIn;
  })
});

// npm:lodash@4.18.1/extend.js
var require_extend = __commonJS({
  "npm:lodash@4.18.1/extend.js": (function (exports, module) {
    module.exports = require_assignIn();
  })
});

// npm:lodash@4.18.1/_listCacheClear.js
var require_listCacheClear = __commonJS({
  "npm:lodash@4.18.1/_listCacheClear.js": (function (exports, module) {
    function listCacheClear() {
      this.__data__ = [];
      this.size = 0;
    }
    module.exports = listCacheClear;
  })
});

// npm:lodash@4.18.1/_assocIndexOf.js
var require_assocIndexOf = __commonJS({
  "npm:lodash@4.18.1/_assocIndexOf.js": (function (exports, module) {
    var eq = require_eq();
    function assocIndexOf(array, key) {
      var length = array.length;
      while (length--) {
        if (eq(array[length][0], key)) {
          return length;
        }
      }
      return -1;
    }
    module.exports = assocIndexOf;
  })
});

// npm:lodash@4.18.1/_listCacheDelete.js
var require_listCacheDelete = __commonJS({
  "npm:lodash@4.18.1/_listCacheDelete.js": (function (exports, module) {
    var assocIndexOf = require_assocIndexOf();
    var arrayProto = Array.prototype;
    var splice = arrayProto.splice;
    function listCacheDelete(key) {
      var data = this.__data__, index = assocIndexOf(data, key);
      if (index < 0) {
        return false;
      }
      var lastIndex = data.length - 1;
      if (index == lastIndex) {
        data.pop();
      } else {
        splice.call(data, index, 1);
      }
      --this.size;
      return true;
    }
    module.exports = listCacheDelete;
  })
});

// npm:lodash@4.18.1/_listCacheGet.js
var require_listCacheGet = __commonJS({
  "npm:lodash@4.18.1/_listCacheGet.js": (function (exports, module) {
    var assocIndexOf = require_assocIndexOf();
    function listCacheGet(key) {
      var data = this.__data__, index = assocIndexOf(data, key);
      return index < 0 ? void 0 : data[index][1];
    }
    module.exports = listCacheGet;
  })
});

// npm:lodash@4.18.1/_listCacheHas.js
var require_listCacheHas = __commonJS({
  "npm:lodash@4.18.1/_listCacheHas.js": (function (exports, module) {
    var assocIndexOf = require_assocIndexOf();
    function listCacheHas(key) {
      return assocIndexOf(this.__data__, key) > -1;
    }
    module.exports = listCacheHas;
  })
});

// npm:lodash@4.18.1/_listCacheSet.js
var require_listCacheSet = __commonJS({
  "npm:lodash@4.18.1/_listCacheSet.js": (function (exports, module) {
    var assocIndexOf = require_assocIndexOf();
    function listCacheSet(key, value) {
      var data = this.__data__, index = assocIndexOf(data, key);
      if (index < 0) {
        ++this.size;
        data.push([
          key,
          value
        ]);
      } else {
        data[index][1] = value;
      }
      return this;
    }
    module.exports = listCacheSet;
  })
});

// npm:lodash@4.18.1/_ListCache.js
var require_ListCache = __commonJS({
  "npm:lodash@4.18.1/_ListCache.js": (function (exports, module) {
    var listCacheClear = require_listCacheClear();
    var listCacheDelete = require_listCacheDelete();
    var listCacheGet = require_listCacheGet();
    var listCacheHas = require_listCacheHas();
    var listCacheSet = require_listCacheSet();
    function ListCache(entries) {
      var index = -1, length = entries == null ? 0 : entries.length;
      this.clear();
      while (++index < length) {
        var entry = entries[index];
        this.set(entry[0], entry[1]);
      }
    }
    ListCache.prototype.clear = listCacheClear;
    ListCache.prototype["delete"] = listCacheDelete;
    ListCache.prototype.get = listCacheGet;
    ListCache.prototype.has = listCacheHas;
    ListCache.prototype.set = listCacheSet;
    module.exports = ListCache;
  })
});

// npm:lodash@4.18.1/_stackClear.js
var require_stackClear = __commonJS({
  "npm:lodash@4.18.1/_stackClear.js": (function (exports, module) {
    var ListCache = require_ListCache();
    function stackClear() {
      this.__data__ = new ListCache();
      this.size = 0;
    }
    module.exports = stackClear;
  })
});

// npm:lodash@4.18.1/_stackDelete.js
var require_stackDelete = __commonJS({
  "npm:lodash@4.18.1/_stackDelete.js": (function (exports, module) {
    function stackDelete(key) {
      var data = this.__data__, result = data["delete"](key);
      this.size = data.size;
      return result;
    }
    module.exports = stackDelete;
  })
});

// npm:lodash@4.18.1/_stackGet.js
var require_stackGet = __commonJS({
  "npm:lodash@4.18.1/_stackGet.js": (function (exports, module) {
    function stackGet(key) {
      return this.__data__.get(key);
    }
    module.exports = stackGet;
  })
});

// npm:lodash@4.18.1/_stackHas.js
var require_stackHas = __commonJS({
  "npm:lodash@4.18.1/_stackHas.js": (function (exports, module) {
    function stackHas(key) {
      return this.__data__.has(key);
    }
    module.exports = stackHas;
  })
});

// npm:lodash@4.18.1/_Map.js
var require_Map = __commonJS({
  "npm:lodash@4.18.1/_Map.js": (function (exports, module) {
    var getNative = require_getNative();
    var root = require_root();
    var Map2 = getNative(root, "Map");
    module.exports = Map2;
  })
});

// npm:lodash@4.18.1/_nativeCreate.js
var require_nativeCreate = __commonJS({
  "npm:lodash@4.18.1/_nativeCreate.js": (function (exports, module) {
    var getNative = require_getNative();
    var nativeCreate = getNative(Object, "create");
    module.exports = nativeCreate;
  })
});

// npm:lodash@4.18.1/_hashClear.js
var require_hashClear = __commonJS({
  "npm:lodash@4.18.1/_hashClear.js": (function (exports, module) {
    var nativeCreate = require_nativeCreate();
    function hashClear() {
      this.__data__ = nativeCreate ? nativeCreate(null) : {};
      this.size = 0;
    }
    module.exports = hashClear;
  })
});

// npm:lodash@4.18.1/_hashDelete.js
var require_hashDelete = __commonJS({
  "npm:lodash@4.18.1/_hashDelete.js": (function (exports, module) {
    function hashDelete(key) {
      var result = this.has(key) && delete this.__data__[key];
      this.size -= result ? 1 : 0;
      return result;
    }
    module.exports = hashDelete;
  })
});

// npm:lodash@4.18.1/_hashGet.js
var require_hashGet = __commonJS({
  "npm:lodash@4.18.1/_hashGet.js": (function (exports, module) {
    var nativeCreate = require_nativeCreate();
    var HASH_UNDEFINED = "__lodash_hash_undefined__";
    var objectProto = Object.prototype;
    var hasOwnProperty = objectProto.hasOwnProperty;
    function hashGet(key) {
      var data = this.__data__;
      if (nativeCreate) {
        var result = data[key];
        return result === HASH_UNDEFINED ? void 0 : result;
      }
      return hasOwnProperty.call(data, key) ? data[key] : void 0;
    }
    module.exports = hashGet;
  })
});

// npm:lodash@4.18.1/_hashHas.js
var require_hashHas = __commonJS({
  "npm:lodash@4.18.1/_hashHas.js": (function (exports, module) {
    var nativeCreate = require_nativeCreate();
    var objectProto = Object.prototype;
    var hasOwnProperty = objectProto.hasOwnProperty;
    function hashHas(key) {
      var data = this.__data__;
      return nativeCreate ? data[key] !== void 0 : hasOwnProperty.call(data, key);
    }
    module.exports = hashHas;
  })
});

// npm:lodash@4.18.1/_hashSet.js
var require_hashSet = __commonJS({
  "npm:lodash@4.18.1/_hashSet.js": (function (exports, module) {
    var nativeCreate = require_nativeCreate();
    var HASH_UNDEFINED = "__lodash_hash_undefined__";
    function hashSet(key, value) {
      var data = this.__data__;
      this.size += this.has(key) ? 0 : 1;
      data[key] = nativeCreate && value === void 0 ? HASH_UNDEFINED : value;
      return this;
    }
    module.exports = hashSet;
  })
});

// npm:lodash@4.18.1/_Hash.js
var require_Hash = __commonJS({
  "npm:lodash@4.18.1/_Hash.js": (function (exports, module) {
    var hashClear = require_hashClear();
    var hashDelete = require_hashDelete();
    var hashGet = require_hashGet();
    var hashHas = require_hashHas();
    var hashSet = require_hashSet();
    function Hash(entries) {
      var index = -1, length = entries == null ? 0 : entries.length;
      this.clear();
      while (++index < length) {
        var entry = entries[index];
        this.set(entry[0], entry[1]);
      }
    }
    Hash.prototype.clear = hashClear;
    Hash.prototype["delete"] = hashDelete;
    Hash.prototype.get = hashGet;
    Hash.prototype.has = hashHas;
    Hash.prototype.set = hashSet;
    module.exports = Hash;
  })
});

// npm:lodash@4.18.1/_mapCacheClear.js
var require_mapCacheClear = __commonJS({
  "npm:lodash@4.18.1/_mapCacheClear.js": (function (exports, module) {
    var Hash = require_Hash();
    var ListCache = require_ListCache();
    var Map2 = require_Map();
    function mapCacheClear() {
      this.size = 0;
      this.__data__ = {
        "hash": new Hash(),
        "map": new (Map2 || ListCache)(),
        "string": new Hash()
      };
    }
    module.exports = mapCacheClear;
  })
});

// npm:lodash@4.18.1/_isKeyable.js
var require_isKeyable = __commonJS({
  "npm:lodash@4.18.1/_isKeyable.js": (function (exports, module) {
    function isKeyable(value) {
      var type = typeof value;
      return type == "string" || type == "number" || type == "symbol" || type == "boolean" ? value !== "__proto__" : value === null;
    }
    module.exports = isKeyable;
  })
});

// npm:lodash@4.18.1/_getMapData.js
var require_getMapData = __commonJS({
  "npm:lodash@4.18.1/_getMapData.js": (function (exports, module) {
    var isKeyable = require_isKeyable();
    function getMapData(map, key) {
      var data = map.__data__;
      return isKeyable(key) ? data[typeof key == "string" ? "string" : "hash"] : data.map;
    }
    module.exports = getMapData;
  })
});

// npm:lodash@4.18.1/_mapCacheDelete.js
var require_mapCacheDelete = __commonJS({
  "npm:lodash@4.18.1/_mapCacheDelete.js": (function (exports, module) {
    var getMapData = require_getMapData();
    function mapCacheDelete(key) {
      var result = getMapData(this, key)["delete"](key);
      this.size -= result ? 1 : 0;
      return result;
    }
    module.exports = mapCacheDelete;
  })
});

// npm:lodash@4.18.1/_mapCacheGet.js
var require_mapCacheGet = __commonJS({
  "npm:lodash@4.18.1/_mapCacheGet.js": (function (exports, module) {
    var getMapData = require_getMapData();
    function mapCacheGet(key) {
      return getMapData(this, key).get(key);
    }
    module.exports = mapCacheGet;
  })
});

// npm:lodash@4.18.1/_mapCacheHas.js
var require_mapCacheHas = __commonJS({
  "npm:lodash@4.18.1/_mapCacheHas.js": (function (exports, module) {
    var getMapData = require_getMapData();
    function mapCacheHas(key) {
      return getMapData(this, key).has(key);
    }
    module.exports = mapCacheHas;
  })
});

// npm:lodash@4.18.1/_mapCacheSet.js
var require_mapCacheSet = __commonJS({
  "npm:lodash@4.18.1/_mapCacheSet.js": (function (exports, module) {
    var getMapData = require_getMapData();
    function mapCacheSet(key, value) {
      var data = getMapData(this, key), size = data.size;
      data.set(key, value);
      this.size += data.size == size ? 0 : 1;
      return this;
    }
    module.exports = mapCacheSet;
  })
});

// npm:lodash@4.18.1/_MapCache.js
var require_MapCache = __commonJS({
  "npm:lodash@4.18.1/_MapCache.js": (function (exports, module) {
    var mapCacheClear = require_mapCacheClear();
    var mapCacheDelete = require_mapCacheDelete();
    var mapCacheGet = require_mapCacheGet();
    var mapCacheHas = require_mapCacheHas();
    var mapCacheSet = require_mapCacheSet();
    function MapCache(entries) {
      var index = -1, length = entries == null ? 0 : entries.length;
      this.clear();
      while (++index < length) {
        var entry = entries[index];
        this.set(entry[0], entry[1]);
      }
    }
    MapCache.prototype.clear = mapCacheClear;
    MapCache.prototype["delete"] = mapCacheDelete;
    MapCache.prototype.get = mapCacheGet;
    MapCache.prototype.has = mapCacheHas;
    MapCache.prototype.set = mapCacheSet;
    module.exports = MapCache;
  })
});

// npm:lodash@4.18.1/_stackSet.js
var require_stackSet = __commonJS({
  "npm:lodash@4.18.1/_stackSet.js": (function (exports, module) {
    var ListCache = require_ListCache();
    var Map2 = require_Map();
    var MapCache = require_MapCache();
    var LARGE_ARRAY_SIZE = 200;
    function stackSet(key, value) {
      var data = this.__data__;
      if (data instanceof ListCache) {
        var pairs = data.__data__;
        if (!Map2 || pairs.length < LARGE_ARRAY_SIZE - 1) {
          pairs.push([
            key,
            value
          ]);
          this.size = ++data.size;
          return this;
        }
        data = this.__data__ = new MapCache(pairs);
      }
      data.set(key, value);
      this.size = data.size;
      return this;
    }
    module.exports = stackSet;
  })
});

// npm:lodash@4.18.1/_Stack.js
var require_Stack = __commonJS({
  "npm:lodash@4.18.1/_Stack.js": (function (exports, module) {
    var ListCache = require_ListCache();
    var stackClear = require_stackClear();
    var stackDelete = require_stackDelete();
    var stackGet = require_stackGet();
    var stackHas = require_stackHas();
    var stackSet = require_stackSet();
    function Stack(entries) {
      var data = this.__data__ = new ListCache(entries);
      this.size = data.size;
    }
    Stack.prototype.clear = stackClear;
    Stack.prototype["delete"] = stackDelete;
    Stack.prototype.get = stackGet;
    Stack.prototype.has = stackHas;
    Stack.prototype.set = stackSet;
    module.exports = Stack;
  })
});

// npm:lodash@4.18.1/_setCacheAdd.js
var require_setCacheAdd = __commonJS({
  "npm:lodash@4.18.1/_setCacheAdd.js": (function (exports, module) {
    var HASH_UNDEFINED = "__lodash_hash_undefined__";
    function setCacheAdd(value) {
      this.__data__.set(value, HASH_UNDEFINED);
      return this;
    }
    module.exports = setCacheAdd;
  })
});

// npm:lodash@4.18.1/_setCacheHas.js
var require_setCacheHas = __commonJS({
  "npm:lodash@4.18.1/_setCacheHas.js": (function (exports, module) {
    function setCacheHas(value) {
      return this.__data__.has(value);
    }
    module.exports = setCacheHas;
  })
});

// npm:lodash@4.18.1/_SetCache.js
var require_SetCache = __commonJS({
  "npm:lodash@4.18.1/_SetCache.js": (function (exports, module) {
    var MapCache = require_MapCache();
    var setCacheAdd = require_setCacheAdd();
    var setCacheHas = require_setCacheHas();
    function SetCache(values) {
      var index = -1, length = values == null ? 0 : values.length;
      this.__data__ = new MapCache();
      while (++index < length) {
        this.add(values[index]);
      }
    }
    SetCache.prototype.add = SetCache.prototype.push = setCacheAdd;
    SetCache.prototype.has = setCacheHas;
    module.exports = SetCache;
  })
});

// npm:lodash@4.18.1/_arraySome.js
var require_arraySome = __commonJS({
  "npm:lodash@4.18.1/_arraySome.js": (function (exports, module) {
    function arraySome(array, predicate) {
      var index = -1, length = array == null ? 0 : array.length;
      while (++index < length) {
        if (predicate(array[index], index, array)) {
          return true;
        }
      }
      return false;
    }
    module.exports = arraySome;
  })
});

// npm:lodash@4.18.1/_cacheHas.js
var require_cacheHas = __commonJS({
  "npm:lodash@4.18.1/_cacheHas.js": (function (exports, module) {
    function cacheHas(cache, key) {
      return cache.has(key);
    }
    module.exports = cacheHas;
  })
});

// npm:lodash@4.18.1/_equalArrays.js
var require_equalArrays = __commonJS({
  "npm:lodash@4.18.1/_equalArrays.js": (function (exports, module) {
    var SetCache = require_SetCache();
    var arraySome = require_arraySome();
    var cacheHas = require_cacheHas();
    var COMPARE_PARTIAL_FLAG = 1;
    var COMPARE_UNORDERED_FLAG = 2;
    function equalArrays(array, other, bitmask, customizer, equalFunc, stack) {
      var isPartial = bitmask & COMPARE_PARTIAL_FLAG, arrLength = array.length, othLength = other.length;
      if (arrLength != othLength && !(isPartial && othLength > arrLength)) {
        return false;
      }
      var arrStacked = stack.get(array);
      var othStacked = stack.get(other);
      if (arrStacked && othStacked) {
        return arrStacked == other && othStacked == array;
      }
      var index = -1, result = true, seen = bitmask & COMPARE_UNORDERED_FLAG ? new SetCache() : void 0;
      stack.set(array, other);
      stack.set(other, array);
      while (++index < arrLength) {
        var arrValue = array[index], othValue = other[index];
        if (customizer) {
          var compared = isPartial ? customizer(othValue, arrValue, index, other, array, stack) : customizer(arrValue, othValue, index, array, other, stack);
        }
        if (compared !== void 0) {
          if (compared) {
            continue;
          }
          result = false;
          break;
        }
        if (seen) {
          if (!arraySome(other, function(othValue2, othIndex) {
            if (!cacheHas(seen, othIndex) && (arrValue === othValue2 || equalFunc(arrValue, othValue2, bitmask, customizer, stack))) {
              return seen.push(othIndex);
            }
          })) {
            result = false;
            break;
          }
        } else if (!(arrValue === othValue || equalFunc(arrValue, othValue, bitmask, customizer, stack))) {
          result = false;
          break;
        }
      }
      stack["delete"](array);
      stack["delete"](other);
      return result;
    }
    module.exports = equalArrays;
  })
});

// npm:lodash@4.18.1/_Uint8Array.js
var require_Uint8Array = __commonJS({
  "npm:lodash@4.18.1/_Uint8Array.js": (function (exports, module) {
    var root = require_root();
    var Uint8Array2 = root.Uint8Array;
    module.exports = Uint8Array2;
  })
});

// npm:lodash@4.18.1/_mapToArray.js
var require_mapToArray = __commonJS({
  "npm:lodash@4.18.1/_mapToArray.js": (function (exports, module) {
    function mapToArray(map) {
      var index = -1, result = Array(map.size);
      map.forEach(function(value, key) {
        result[++index] = [
          key,
          value
        ];
      });
      return result;
    }
    module.exports = mapToArray;
  })
});

// npm:lodash@4.18.1/_setToArray.js
var require_setToArray = __commonJS({
  "npm:lodash@4.18.1/_setToArray.js": (function (exports, module) {
    function setToArray(set) {
      var index = -1, result = Array(set.size);
      set.forEach(function(value) {
        result[++index] = value;
      });
      return result;
    }
    module.exports = setToArray;
  })
});

// npm:lodash@4.18.1/_equalByTag.js
var require_equalByTag = __commonJS({
  "npm:lodash@4.18.1/_equalByTag.js": (function (exports, module) {
    var Symbol2 = require_Symbol();
    var Uint8Array2 = require_Uint8Array();
    var eq = require_eq();
    var equalArrays = require_equalArrays();
    var mapToArray = require_mapToArray();
    var setToArray = require_setToArray();
    var COMPARE_PARTIAL_FLAG = 1;
    var COMPARE_UNORDERED_FLAG = 2;
    var boolTag = "[object Boolean]";
    var dateTag = "[object Date]";
    var errorTag = "[object Error]";
    var mapTag = "[object Map]";
    var numberTag = "[object Number]";
    var regexpTag = "[object RegExp]";
    var setTag = "[object Set]";
    var stringTag = "[object String]";
    var symbolTag = "[object Symbol]";
    var arrayBufferTag = "[object ArrayBuffer]";
    var dataViewTag = "[object DataView]";
    var symbolProto = Symbol2 ? Symbol2.prototype : void 0;
    var symbolValueOf = symbolProto ? symbolProto.valueOf : void 0;
    function equalByTag(object, other, tag, bitmask, customizer, equalFunc, stack) {
      switch (tag) {
        case dataViewTag:
          if (object.byteLength != other.byteLength || object.byteOffset != other.byteOffset) {
            return false;
          }
          object = object.buffer;
          other = other.buffer;
        case arrayBufferTag:
          if (object.byteLength != other.byteLength || !equalFunc(new Uint8Array2(object), new Uint8Array2(other))) {
            return false;
          }
          return true;
        case boolTag:
        case dateTag:
        case numberTag:
          return eq(+object, +other);
        case errorTag:
          return object.name == other.name && object.message == other.message;
        case regexpTag:
        case stringTag:
          return object == other + "";
        case mapTag:
          var convert = mapToArray;
        case setTag:
          var isPartial = bitmask & COMPARE_PARTIAL_FLAG;
          convert || (convert = setToArray);
          if (object.size != other.size && !isPartial) {
            return false;
          }
          var stacked = stack.get(object);
          if (stacked) {
            return stacked == other;
          }
          bitmask |= COMPARE_UNORDERED_FLAG;
          stack.set(object, other);
          var result = equalArrays(convert(object), convert(other), bitmask, customizer, equalFunc, stack);
          stack["delete"](object);
          return result;
        case symbolTag:
          if (symbolValueOf) {
            return symbolValueOf.call(object) == symbolValueOf.call(other);
          }
      }
      return false;
    }
    module.exports = equalByTag;
  })
});

// npm:lodash@4.18.1/_arrayPush.js
var require_arrayPush = __commonJS({
  "npm:lodash@4.18.1/_arrayPush.js": (function (exports, module) {
    function arrayPush(array, values) {
      var index = -1, length = values.length, offset = array.length;
      while (++index < length) {
        array[offset + index] = values[index];
      }
      return array;
    }
    module.exports = arrayPush;
  })
});

// npm:lodash@4.18.1/_baseGetAllKeys.js
var require_baseGetAllKeys = __commonJS({
  "npm:lodash@4.18.1/_baseGetAllKeys.js": (function (exports, module) {
    var arrayPush = require_arrayPush();
    var isArray = require_isArray();
    function baseGetAllKeys(object, keysFunc, symbolsFunc) {
      var result = keysFunc(object);
      return isArray(object) ? result : arrayPush(result, symbolsFunc(object));
    }
    module.exports = baseGetAllKeys;
  })
});

// npm:lodash@4.18.1/_arrayFilter.js
var require_arrayFilter = __commonJS({
  "npm:lodash@4.18.1/_arrayFilter.js": (function (exports, module) {
    function arrayFilter(array, predicate) {
      var index = -1, length = array == null ? 0 : array.length, resIndex = 0, result = [];
      while (++index < length) {
        var value = array[index];
        if (predicate(value, index, array)) {
          result[resIndex++] = value;
        }
      }
      return result;
    }
    module.exports = arrayFilter;
  })
});

// npm:lodash@4.18.1/stubArray.js
var require_stubArray = __commonJS({
  "npm:lodash@4.18.1/stubArray.js": (function (exports, module) {
    function stubArray() {
      return [];
    }
    module.exports = stubArray;
  })
});

// npm:lodash@4.18.1/_getSymbols.js
var require_getSymbols = __commonJS({
  "npm:lodash@4.18.1/_getSymbols.js": (function (exports, module) {
    var arrayFilter = require_arrayFilter();
    var stubArray = require_stubArray();
    var objectProto = Object.prototype;
    var propertyIsEnumerable = objectProto.propertyIsEnumerable;
    var nativeGetSymbols = Object.getOwnPropertySymbols;
    var getSymbols = !nativeGetSymbols ? stubArray : function(object) {
      if (object == null) {
        return [];
      }
      object = Object(object);
      return arrayFilter(nativeGetSymbols(object), function(symbol) {
        return propertyIsEnumerable.call(object, symbol);
      });
    };
    module.exports = getSymbols;
  })
});

// npm:lodash@4.18.1/_overArg.js
var require_overArg = __commonJS({
  "npm:lodash@4.18.1/_overArg.js": (function (exports, module) {
    function overArg(func, transform) {
      return function(arg) {
        return func(transform(arg));
      };
    }
    module.exports = overArg;
  })
});

// npm:lodash@4.18.1/_nativeKeys.js
var require_nativeKeys = __commonJS({
  "npm:lodash@4.18.1/_nativeKeys.js": (function (exports, module) {
    var overArg = require_overArg();
    var nativeKeys = overArg(Object.keys, Object);
    module.exports = nativeKeys;
  })
});

// npm:lodash@4.18.1/_baseKeys.js
var require_baseKeys = __commonJS({
  "npm:lodash@4.18.1/_baseKeys.js": (function (exports, module) {
    var isPrototype = require_isPrototype();
    var nativeKeys = require_nativeKeys();
    var objectProto = Object.prototype;
    var hasOwnProperty = objectProto.hasOwnProperty;
    function baseKeys(object) {
      if (!isPrototype(object)) {
        return nativeKeys(object);
      }
      var result = [];
      for (var key in Object(object)) {
        if (hasOwnProperty.call(object, key) && key != "constructor") {
          result.push(key);
        }
      }
      return result;
    }
    module.exports = baseKeys;
  })
});

// npm:lodash@4.18.1/keys.js
var require_keys = __commonJS({
  "npm:lodash@4.18.1/keys.js": (function (exports, module) {
    var arrayLikeKeys = require_arrayLikeKeys();
    var baseKeys = require_baseKeys();
    var isArrayLike = require_isArrayLike();
    function keys(object) {
      return isArrayLike(object) ? arrayLikeKeys(object) : baseKeys(object);
    }
    module.exports = keys;
  })
});

// npm:lodash@4.18.1/_getAllKeys.js
var require_getAllKeys = __commonJS({
  "npm:lodash@4.18.1/_getAllKeys.js": (function (exports, module) {
    var baseGetAllKeys = require_baseGetAllKeys();
    var getSymbols = require_getSymbols();
    var keys = require_keys();
    function getAllKeys(object) {
      return baseGetAllKeys(object, keys, getSymbols);
    }
    module.exports = getAllKeys;
  })
});

// npm:lodash@4.18.1/_equalObjects.js
var require_equalObjects = __commonJS({
  "npm:lodash@4.18.1/_equalObjects.js": (function (exports, module) {
    var getAllKeys = require_getAllKeys();
    var COMPARE_PARTIAL_FLAG = 1;
    var objectProto = Object.prototype;
    var hasOwnProperty = objectProto.hasOwnProperty;
    function equalObjects(object, other, bitmask, customizer, equalFunc, stack) {
      var isPartial = bitmask & COMPARE_PARTIAL_FLAG, objProps = getAllKeys(object), objLength = objProps.length, othProps = getAllKeys(other), othLength = othProps.length;
      if (objLength != othLength && !isPartial) {
        return false;
      }
      var index = objLength;
      while (index--) {
        var key = objProps[index];
        if (!(isPartial ? key in other : hasOwnProperty.call(other, key))) {
          return false;
        }
      }
      var objStacked = stack.get(object);
      var othStacked = stack.get(other);
      if (objStacked && othStacked) {
        return objStacked == other && othStacked == object;
      }
      var result = true;
      stack.set(object, other);
      stack.set(other, object);
      var skipCtor = isPartial;
      while (++index < objLength) {
        key = objProps[index];
        var objValue = object[key], othValue = other[key];
        if (customizer) {
          var compared = isPartial ? customizer(othValue, objValue, key, other, object, stack) : customizer(objValue, othValue, key, object, other, stack);
        }
        if (!(compared === void 0 ? objValue === othValue || equalFunc(objValue, othValue, bitmask, customizer, stack) : compared)) {
          result = false;
          break;
        }
        skipCtor || (skipCtor = key == "constructor");
      }
      if (result && !skipCtor) {
        var objCtor = object.constructor, othCtor = other.constructor;
        if (objCtor != othCtor && ("constructor" in object && "constructor" in other) && !(typeof objCtor == "function" && objCtor instanceof objCtor && typeof othCtor == "function" && othCtor instanceof othCtor)) {
          result = false;
        }
      }
      stack["delete"](object);
      stack["delete"](other);
      return result;
    }
    module.exports = equalObjects;
  })
});

// npm:lodash@4.18.1/_DataView.js
var require_DataView = __commonJS({
  "npm:lodash@4.18.1/_DataView.js": (function (exports, module) {
    var getNative = require_getNative();
    var root = require_root();
    var DataView = getNative(root, "DataView");
    module.exports = DataView;
  })
});

// npm:lodash@4.18.1/_Promise.js
var require_Promise = __commonJS({
  "npm:lodash@4.18.1/_Promise.js": (function (exports, module) {
    var getNative = require_getNative();
    var root = require_root();
    var Promise2 = getNative(root, "Promise");
    module.exports = Promise2;
  })
});

// npm:lodash@4.18.1/_Set.js
var require_Set = __commonJS({
  "npm:lodash@4.18.1/_Set.js": (function (exports, module) {
    var getNative = require_getNative();
    var root = require_root();
    var Set2 = getNative(root, "Set");
    module.exports = Set2;
  })
});

// npm:lodash@4.18.1/_WeakMap.js
var require_WeakMap = __commonJS({
  "npm:lodash@4.18.1/_WeakMap.js": (function (exports, module) {
    var getNative = require_getNative();
    var root = require_root();
    var WeakMap = getNative(root, "WeakMap");
    module.exports = WeakMap;
  })
});

// npm:lodash@4.18.1/_getTag.js
var require_getTag = __commonJS({
  "npm:lodash@4.18.1/_getTag.js": (function (exports, module) {
    var DataView = require_DataView();
    var Map2 = require_Map();
    var Promise2 = require_Promise();
    var Set2 = require_Set();
    var WeakMap = require_WeakMap();
    var baseGetTag = require_baseGetTag();
    var toSource = require_toSource();
    var mapTag = "[object Map]";
    var objectTag = "[object Object]";
    var promiseTag = "[object Promise]";
    var setTag = "[object Set]";
    var weakMapTag = "[object WeakMap]";
    var dataViewTag = "[object DataView]";
    var dataViewCtorString = toSource(DataView);
    var mapCtorString = toSource(Map2);
    var promiseCtorString = toSource(Promise2);
    var setCtorString = toSource(Set2);
    var weakMapCtorString = toSource(WeakMap);
    var getTag = baseGetTag;
    if (DataView && getTag(new DataView(new ArrayBuffer(1))) != dataViewTag || Map2 && getTag(new Map2()) != mapTag || Promise2 && getTag(Promise2.resolve()) != promiseTag || Set2 && getTag(new Set2()) != setTag || WeakMap && getTag(new WeakMap()) != weakMapTag) {
      getTag = function(value) {
        var result = baseGetTag(value), Ctor = result == objectTag ? value.constructor : void 0, ctorString = Ctor ? toSource(Ctor) : "";
        if (ctorString) {
          switch (ctorString) {
            case dataViewCtorString:
              return dataViewTag;
            case mapCtorString:
              return mapTag;
            case promiseCtorString:
              return promiseTag;
            case setCtorString:
              return setTag;
            case weakMapCtorString:
              return weakMapTag;
          }
        }
        return result;
      };
    }
    module.exports = getTag;
  })
});

// npm:lodash@4.18.1/_baseIsEqualDeep.js
var require_baseIsEqualDeep = __commonJS({
  "npm:lodash@4.18.1/_baseIsEqualDeep.js": (function (exports, module) {
    var Stack = require_Stack();
    var equalArrays = require_equalArrays();
    var equalByTag = require_equalByTag();
    var equalObjects = require_equalObjects();
    var getTag = require_getTag();
    var isArray = require_isArray();
    var isBuffer = require_isBuffer();
    var isTypedArray = require_isTypedArray();
    var COMPARE_PARTIAL_FLAG = 1;
    var argsTag = "[object Arguments]";
    var arrayTag = "[object Array]";
    var objectTag = "[object Object]";
    var objectProto = Object.prototype;
    var hasOwnProperty = objectProto.hasOwnProperty;
    function baseIsEqualDeep(object, other, bitmask, customizer, equalFunc, stack) {
      var objIsArr = isArray(object), othIsArr = isArray(other), objTag = objIsArr ? arrayTag : getTag(object), othTag = othIsArr ? arrayTag : getTag(other);
      objTag = objTag == argsTag ? objectTag : objTag;
      othTag = othTag == argsTag ? objectTag : othTag;
      var objIsObj = objTag == objectTag, othIsObj = othTag == objectTag, isSameTag = objTag == othTag;
      if (isSameTag && isBuffer(object)) {
        if (!isBuffer(other)) {
          return false;
        }
        objIsArr = true;
        objIsObj = false;
      }
      if (isSameTag && !objIsObj) {
        stack || (stack = new Stack());
        return objIsArr || isTypedArray(object) ? equalArrays(object, other, bitmask, customizer, equalFunc, stack) : equalByTag(object, other, objTag, bitmask, customizer, equalFunc, stack);
      }
      if (!(bitmask & COMPARE_PARTIAL_FLAG)) {
        var objIsWrapped = objIsObj && hasOwnProperty.call(object, "__wrapped__"), othIsWrapped = othIsObj && hasOwnProperty.call(other, "__wrapped__");
        if (objIsWrapped || othIsWrapped) {
          var objUnwrapped = objIsWrapped ? object.value() : object, othUnwrapped = othIsWrapped ? other.value() : other;
          stack || (stack = new Stack());
          return equalFunc(objUnwrapped, othUnwrapped, bitmask, customizer, stack);
        }
      }
      if (!isSameTag) {
        return false;
      }
      stack || (stack = new Stack());
      return equalObjects(object, other, bitmask, customizer, equalFunc, stack);
    }
    module.exports = baseIsEqualDeep;
  })
});

// npm:lodash@4.18.1/_baseIsEqual.js
var require_baseIsEqual = __commonJS({
  "npm:lodash@4.18.1/_baseIsEqual.js": (function (exports, module) {
    var baseIsEqualDeep = require_baseIsEqualDeep();
    var isObjectLike = require_isObjectLike();
    function baseIsEqual(value, other, bitmask, customizer, stack) {
      if (value === other) {
        return true;
      }
      if (value == null || other == null || !isObjectLike(value) && !isObjectLike(other)) {
        return value !== value && other !== other;
      }
      return baseIsEqualDeep(value, other, bitmask, customizer, baseIsEqual, stack);
    }
    module.exports = baseIsEqual;
  })
});

// npm:lodash@4.18.1/_baseIsMatch.js
var require_baseIsMatch = __commonJS({
  "npm:lodash@4.18.1/_baseIsMatch.js": (function (exports, module) {
    var Stack = require_Stack();
    var baseIsEqual = require_baseIsEqual();
    var COMPARE_PARTIAL_FLAG = 1;
    var COMPARE_UNORDERED_FLAG = 2;
    function baseIsMatch(object, source, matchData, customizer) {
      var index = matchData.length, length = index, noCustomizer = !customizer;
      if (object == null) {
        return !length;
      }
      object = Object(object);
      while (index--) {
        var data = matchData[index];
        if (noCustomizer && data[2] ? data[1] !== object[data[0]] : !(data[0] in object)) {
          return false;
        }
      }
      while (++index < length) {
        data = matchData[index];
        var key = data[0], objValue = object[key], srcValue = data[1];
        if (noCustomizer && data[2]) {
          if (objValue === void 0 && !(key in object)) {
            return false;
          }
        } else {
          var stack = new Stack();
          if (customizer) {
            var result = customizer(objValue, srcValue, key, object, source, stack);
          }
          if (!(result === void 0 ? baseIsEqual(srcValue, objValue, COMPARE_PARTIAL_FLAG | COMPARE_UNORDERED_FLAG, customizer, stack) : result)) {
            return false;
          }
        }
      }
      return true;
    }
    module.exports = baseIsMatch;
  })
});

// npm:lodash@4.18.1/_isStrictComparable.js
var require_isStrictComparable = __commonJS({
  "npm:lodash@4.18.1/_isStrictComparable.js": (function (exports, module) {
    var isObject = require_isObject();
    function isStrictComparable(value) {
      return value === value && !isObject(value);
    }
    module.exports = isStrictComparable;
  })
});

// npm:lodash@4.18.1/_getMatchData.js
var require_getMatchData = __commonJS({
  "npm:lodash@4.18.1/_getMatchData.js": (function (exports, module) {
    var isStrictComparable = require_isStrictComparable();
    var keys = require_keys();
    function getMatchData(object) {
      var result = keys(object), length = result.length;
      while (length--) {
        var key = result[length], value = object[key];
        result[length] = [
          key,
          value,
          isStrictComparable(value)
        ];
      }
      return result;
    }
    module.exports = getMatchData;
  })
});

// npm:lodash@4.18.1/_matchesStrictComparable.js
var require_matchesStrictComparable = __commonJS({
  "npm:lodash@4.18.1/_matchesStrictComparable.js": (function (exports, module) {
    function matchesStrictComparable(key, srcValue) {
      return function(object) {
        if (object == null) {
          return false;
        }
        return object[key] === srcValue && (srcValue !== void 0 || key in Object(object));
      };
    }
    module.exports = matchesStrictComparable;
  })
});

// npm:lodash@4.18.1/_baseMatches.js
var require_baseMatches = __commonJS({
  "npm:lodash@4.18.1/_baseMatches.js": (function (exports, module) {
    var baseIsMatch = require_baseIsMatch();
    var getMatchData = require_getMatchData();
    var matchesStrictComparable = require_matchesStrictComparable();
    function baseMatches(source) {
      var matchData = getMatchData(source);
      if (matchData.length == 1 && matchData[0][2]) {
        return matchesStrictComparable(matchData[0][0], matchData[0][1]);
      }
      return function(object) {
        return object === source || baseIsMatch(object, source, matchData);
      };
    }
    module.exports = baseMatches;
  })
});

// npm:lodash@4.18.1/isSymbol.js
var require_isSymbol = __commonJS({
  "npm:lodash@4.18.1/isSymbol.js": (function (exports, module) {
    var baseGetTag = require_baseGetTag();
    var isObjectLike = require_isObjectLike();
    var symbolTag = "[object Symbol]";
    function isSymbol(value) {
      return typeof value == "symbol" || isObjectLike(value) && baseGetTag(value) == symbolTag;
    }
    module.exports = isSymbol;
  })
});

// npm:lodash@4.18.1/_isKey.js
var require_isKey = __commonJS({
  "npm:lodash@4.18.1/_isKey.js": (function (exports, module) {
    var isArray = require_isArray();
    var isSymbol = require_isSymbol();
    var reIsDeepProp = /\.|\[(?:[^[\]]*|(["'])(?:(?!\1)[^\\]|\\.)*?\1)\]/;
    var reIsPlainProp = /^\w*$/;
    function isKey(value, object) {
      if (isArray(value)) {
        return false;
      }
      var type = typeof value;
      if (type == "number" || type == "symbol" || type == "boolean" || value == null || isSymbol(value)) {
        return true;
      }
      return reIsPlainProp.test(value) || !reIsDeepProp.test(value) || object != null && value in Object(object);
    }
    module.exports = isKey;
  })
});

// npm:lodash@4.18.1/memoize.js
var require_memoize = __commonJS({
  "npm:lodash@4.18.1/memoize.js": (function (exports, module) {
    var MapCache = require_MapCache();
    var FUNC_ERROR_TEXT = "Expected a function";
    function memoize(func, resolver) {
      if (typeof func != "function" || resolver != null && typeof resolver != "function") {
        throw new TypeError(FUNC_ERROR_TEXT);
      }
      var memoized = function() {
        var args = arguments, key = resolver ? resolver.apply(this, args) : args[0], cache = memoized.cache;
        if (cache.has(key)) {
          return cache.get(key);
        }
        var result = func.apply(this, args);
        memoized.cache = cache.set(key, result) || cache;
        return result;
      };
      memoized.cache = new (memoize.Cache || MapCache)();
      return memoized;
    }
    memoize.Cache = MapCache;
    module.exports = memoize;
  })
});

// npm:lodash@4.18.1/_memoizeCapped.js
var require_memoizeCapped = __commonJS({
  "npm:lodash@4.18.1/_memoizeCapped.js": (function (exports, module) {
    var memoize = require_memoize();
    var MAX_MEMOIZE_SIZE = 500;
    function memoizeCapped(func) {
      var result = memoize(func, function(key) {
        if (cache.size === MAX_MEMOIZE_SIZE) {
          cache.clear();
        }
        return key;
      });
      var cache = result.cache;
      return result;
    }
    module.exports = memoizeCapped;
  })
});

// npm:lodash@4.18.1/_stringToPath.js
var require_stringToPath = __commonJS({
  "npm:lodash@4.18.1/_stringToPath.js": (function (exports, module) {
    var memoizeCapped = require_memoizeCapped();
    var rePropName = /[^.[\]]+|\[(?:(-?\d+(?:\.\d+)?)|(["'])((?:(?!\2)[^\\]|\\.)*?)\2)\]|(?=(?:\.|\[\])(?:\.|\[\]|$))/g;
    var reEscapeChar = /\\(\\)?/g;
    var stringToPath = memoizeCapped(function(string) {
      var result = [];
      if (string.charCodeAt(0) === 46) {
        result.push("");
      }
      string.replace(rePropName, function(match, number, quote, subString) {
        result.push(quote ? subString.replace(reEscapeChar, "$1") : number || match);
      });
      return result;
    });
    module.exports = stringToPath;
  })
});

// npm:lodash@4.18.1/_arrayMap.js
var require_arrayMap = __commonJS({
  "npm:lodash@4.18.1/_arrayMap.js": (function (exports, module) {
    function arrayMap(array, iteratee) {
      var index = -1, length = array == null ? 0 : array.length, result = Array(length);
      while (++index < length) {
        result[index] = iteratee(array[index], index, array);
      }
      return result;
    }
    module.exports = arrayMap;
  })
});

// npm:lodash@4.18.1/_baseToString.js
var require_baseToString = __commonJS({
  "npm:lodash@4.18.1/_baseToString.js": (function (exports, module) {
    var Symbol2 = require_Symbol();
    var arrayMap = require_arrayMap();
    var isArray = require_isArray();
    var isSymbol = require_isSymbol();
    var INFINITY = 1 / 0;
    var symbolProto = Symbol2 ? Symbol2.prototype : void 0;
    var symbolToString = symbolProto ? symbolProto.toString : void 0;
    function baseToString(value) {
      if (typeof value == "string") {
        return value;
      }
      if (isArray(value)) {
        return arrayMap(value, baseToString) + "";
      }
      if (isSymbol(value)) {
        return symbolToString ? symbolToString.call(value) : "";
      }
      var result = value + "";
      return result == "0" && 1 / value == -INFINITY ? "-0" : result;
    }
    module.exports = baseToString;
  })
});

// npm:lodash@4.18.1/toString.js
var require_toString = __commonJS({
  "npm:lodash@4.18.1/toString.js": (function (exports, module) {
    var baseToString = require_baseToString();
    function toString(value) {
      return value == null ? "" : baseToString(value);
    }
    module.exports = toString;
  })
});

// npm:lodash@4.18.1/_castPath.js
var require_castPath = __commonJS({
  "npm:lodash@4.18.1/_castPath.js": (function (exports, module) {
    var isArray = require_isArray();
    var isKey = require_isKey();
    var stringToPath = require_stringToPath();
    var toString = require_toString();
    function castPath(value, object) {
      if (isArray(value)) {
        return value;
      }
      return isKey(value, object) ? [
        value
      ] : stringToPath(toString(value));
    }
    module.exports = castPath;
  })
});

// npm:lodash@4.18.1/_toKey.js
var require_toKey = __commonJS({
  "npm:lodash@4.18.1/_toKey.js": (function (exports, module) {
    var isSymbol = require_isSymbol();
    var INFINITY = 1 / 0;
    function toKey(value) {
      if (typeof value == "string" || isSymbol(value)) {
        return value;
      }
      var result = value + "";
      return result == "0" && 1 / value == -INFINITY ? "-0" : result;
    }
    module.exports = toKey;
  })
});

// npm:lodash@4.18.1/_baseGet.js
var require_baseGet = __commonJS({
  "npm:lodash@4.18.1/_baseGet.js": (function (exports, module) {
    var castPath = require_castPath();
    var toKey = require_toKey();
    function baseGet(object, path) {
      path = castPath(path, object);
      var index = 0, length = path.length;
      while (object != null && index < length) {
        object = object[toKey(path[index++])];
      }
      return index && index == length ? object : void 0;
    }
    module.exports = baseGet;
  })
});

// npm:lodash@4.18.1/get.js
var require_get = __commonJS({
  "npm:lodash@4.18.1/get.js": (function (exports, module) {
    var baseGet = require_baseGet();
    function get(object, path, defaultValue) {
      var result = object == null ? void 0 : baseGet(object, path);
      return result === void 0 ? defaultValue : result;
    }
    module.exports = get;
  })
});

// npm:lodash@4.18.1/_baseHasIn.js
var require_baseHasIn = __commonJS({
  "npm:lodash@4.18.1/_baseHasIn.js": (function (exports, module) {
    function baseHasIn(object, key) {
      return object != null && key in Object(object);
    }
    module.exports = baseHasIn;
  })
});

// npm:lodash@4.18.1/_hasPath.js
var require_hasPath = __commonJS({
  "npm:lodash@4.18.1/_hasPath.js": (function (exports, module) {
    var castPath = require_castPath();
    var isArguments = require_isArguments();
    var isArray = require_isArray();
    var isIndex = require_isIndex();
    var isLength = require_isLength();
    var toKey = require_toKey();
    function hasPath(object, path, hasFunc) {
      path = castPath(path, object);
      var index = -1, length = path.length, result = false;
      while (++index < length) {
        var key = toKey(path[index]);
        if (!(result = object != null && hasFunc(object, key))) {
          break;
        }
        object = object[key];
      }
      if (result || ++index != length) {
        return result;
      }
      length = object == null ? 0 : object.length;
      return !!length && isLength(length) && isIndex(key, length) && (isArray(object) || isArguments(object));
    }
    module.exports = hasPath;
  })
});

// npm:lodash@4.18.1/hasIn.js
var require_hasIn = __commonJS({
  "npm:lodash@4.18.1/hasIn.js": (function (exports, module) {
    var baseHasIn = require_baseHasIn();
    var hasPath = require_hasPath();
    function hasIn(object, path) {
      return object != null && hasPath(object, path, baseHasIn);
    }
    module.exports = hasIn;
  })
});

// npm:lodash@4.18.1/_baseMatchesProperty.js
var require_baseMatchesProperty = __commonJS({
  "npm:lodash@4.18.1/_baseMatchesProperty.js": (function (exports, module) {
    var baseIsEqual = require_baseIsEqual();
    var get = require_get();
    var hasIn = require_hasIn();
    var isKey = require_isKey();
    var isStrictComparable = require_isStrictComparable();
    var matchesStrictComparable = require_matchesStrictComparable();
    var toKey = require_toKey();
    var COMPARE_PARTIAL_FLAG = 1;
    var COMPARE_UNORDERED_FLAG = 2;
    function baseMatchesProperty(path, srcValue) {
      if (isKey(path) && isStrictComparable(srcValue)) {
        return matchesStrictComparable(toKey(path), srcValue);
      }
      return function(object) {
        var objValue = get(object, path);
        return objValue === void 0 && objValue === srcValue ? hasIn(object, path) : baseIsEqual(srcValue, objValue, COMPARE_PARTIAL_FLAG | COMPARE_UNORDERED_FLAG);
      };
    }
    module.exports = baseMatchesProperty;
  })
});

// npm:lodash@4.18.1/_baseProperty.js
var require_baseProperty = __commonJS({
  "npm:lodash@4.18.1/_baseProperty.js": (function (exports, module) {
    function baseProperty(key) {
      return function(object) {
        return object == null ? void 0 : object[key];
      };
    }
    module.exports = baseProperty;
  })
});

// npm:lodash@4.18.1/_basePropertyDeep.js
var require_basePropertyDeep = __commonJS({
  "npm:lodash@4.18.1/_basePropertyDeep.js": (function (exports, module) {
    var baseGet = require_baseGet();
    function basePropertyDeep(path) {
      return function(object) {
        return baseGet(object, path);
      };
    }
    module.exports = basePropertyDeep;
  })
});

// npm:lodash@4.18.1/property.js
var require_property = __commonJS({
  "npm:lodash@4.18.1/property.js": (function (exports, module) {
    var baseProperty = require_baseProperty();
    var basePropertyDeep = require_basePropertyDeep();
    var isKey = require_isKey();
    var toKey = require_toKey();
    function property(path) {
      return isKey(path) ? baseProperty(toKey(path)) : basePropertyDeep(path);
    }
    module.exports = property;
  })
});

// npm:lodash@4.18.1/_baseIteratee.js
var require_baseIteratee = __commonJS({
  "npm:lodash@4.18.1/_baseIteratee.js": (function (exports, module) {
    var baseMatches = require_baseMatches();
    var baseMatchesProperty = require_baseMatchesProperty();
    var identity = require_identity();
    var isArray = require_isArray();
    var property = require_property();
    function baseIteratee(value) {
      if (typeof value == "function") {
        return value;
      }
      if (value == null) {
        return identity;
      }
      if (typeof value == "object") {
        return isArray(value) ? baseMatchesProperty(value[0], value[1]) : baseMatches(value);
      }
      return property(value);
    }
    module.exports = baseIteratee;
  })
});

// npm:lodash@4.18.1/_createFind.js
var require_createFind = __commonJS({
  "npm:lodash@4.18.1/_createFind.js": (function (exports, module) {
    var baseIteratee = require_baseIteratee();
    var isArrayLike = require_isArrayLike();
    var keys = require_keys();
    function createFind(findIndexFunc) {
      return function(collection, predicate, fromIndex) {
        var iterable = Object(collection);
        if (!isArrayLike(collection)) {
          var iteratee = baseIteratee(predicate, 3);
          collection = keys(collection);
          predicate = function(key) {
            return iteratee(iterable[key], key, iterable);
          };
        }
        var index = findIndexFunc(collection, predicate, fromIndex);
        return index > -1 ? iterable[iteratee ? collection[index] : index] : void 0;
      };
    }
    module.exports = createFind;
  })
});

// npm:lodash@4.18.1/_baseFindIndex.js
var require_baseFindIndex = __commonJS({
  "npm:lodash@4.18.1/_baseFindIndex.js": (function (exports, module) {
    function baseFindIndex(array, predicate, fromIndex, fromRight) {
      var length = array.length, index = fromIndex + (fromRight ? 1 : -1);
      while (fromRight ? index-- : ++index < length) {
        if (predicate(array[index], index, array)) {
          return index;
        }
      }
      return -1;
    }
    module.exports = baseFindIndex;
  })
});

// npm:lodash@4.18.1/_trimmedEndIndex.js
var require_trimmedEndIndex = __commonJS({
  "npm:lodash@4.18.1/_trimmedEndIndex.js": (function (exports, module) {
    var reWhitespace = /\s/;
    function trimmedEndIndex(string) {
      var index = string.length;
      while (index-- && reWhitespace.test(string.charAt(index))) {
      }
      return index;
    }
    module.exports = trimmedEndIndex;
  })
});

// npm:lodash@4.18.1/_baseTrim.js
var require_baseTrim = __commonJS({
  "npm:lodash@4.18.1/_baseTrim.js": (function (exports, module) {
    var trimmedEndIndex = require_trimmedEndIndex();
    var reTrimStart = /^\s+/;
    function baseTrim(string) {
      return string ? string.slice(0, trimmedEndIndex(string) + 1).replace(reTrimStart, "") : string;
    }
    module.exports = baseTrim;
  })
});

// npm:lodash@4.18.1/toNumber.js
var require_toNumber = __commonJS({
  "npm:lodash@4.18.1/toNumber.js": (function (exports, module) {
    var baseTrim = require_baseTrim();
    var isObject = require_isObject();
    var isSymbol = require_isSymbol();
    var NAN = 0 / 0;
    var reIsBadHex = /^[-+]0x[0-9a-f]+$/i;
    var reIsBinary = /^0b[01]+$/i;
    var reIsOctal = /^0o[0-7]+$/i;
    var freeParseInt = parseInt;
    function toNumber(value) {
      if (typeof value == "number") {
        return value;
      }
      if (isSymbol(value)) {
        return NAN;
      }
      if (isObject(value)) {
        var other = typeof value.valueOf == "function" ? value.valueOf() : value;
        value = isObject(other) ? other + "" : other;
      }
      if (typeof value != "string") {
        return value === 0 ? value : +value;
      }
      value = baseTrim(value);
      var isBinary = reIsBinary.test(value);
      return isBinary || reIsOctal.test(value) ? freeParseInt(value.slice(2), isBinary ? 2 : 8) : reIsBadHex.test(value) ? NAN : +value;
    }
    module.exports = toNumber;
  })
});

// npm:lodash@4.18.1/toFinite.js
var require_toFinite = __commonJS({
  "npm:lodash@4.18.1/toFinite.js": (function (exports, module) {
    var toNumber = require_toNumber();
    var INFINITY = 1 / 0;
    var MAX_INTEGER = 17976931348623157e292;
    function toFinite(value) {
      if (!value) {
        return value === 0 ? value : 0;
      }
      value = toNumber(value);
      if (value === INFINITY || value === -INFINITY) {
        var sign = value < 0 ? -1 : 1;
        return sign * MAX_INTEGER;
      }
      return value === value ? value : 0;
    }
    module.exports = toFinite;
  })
});

// npm:lodash@4.18.1/toInteger.js
var require_toInteger = __commonJS({
  "npm:lodash@4.18.1/toInteger.js": (function (exports, module) {
    var toFinite = require_toFinite();
    function toInteger(value) {
      var result = toFinite(value), remainder = result % 1;
      return result === result ? remainder ? result - remainder : result : 0;
    }
    module.exports = toInteger;
  })
});

// npm:lodash@4.18.1/findIndex.js
var require_findIndex = __commonJS({
  "npm:lodash@4.18.1/findIndex.js": (function (exports, module) {
    var baseFindIndex = require_baseFindIndex();
    var baseIteratee = require_baseIteratee();
    var toInteger = require_toInteger();
    var nativeMax = Math.max;
    function findIndex(array, predicate, fromIndex) {
      var length = array == null ? 0 : array.length;
      if (!length) {
        return -1;
      }
      var index = fromIndex == null ? 0 : toInteger(fromIndex);
      if (index < 0) {
        index = nativeMax(length + index, 0);
      }
      return baseFindIndex(array, baseIteratee(predicate, 3), index);
    }
    module.exports = findIndex;
  })
});

// npm:lodash@4.18.1/find.js
var require_find = __commonJS({
  "npm:lodash@4.18.1/find.js": (function (exports, module) {
    var createFind = require_createFind();
    var findIndex = require_findIndex();
    var find = createFind(findIndex);
    module.exports = find;
  })
});

// npm:lodash@4.18.1/_arrayEach.js
var require_arrayEach = __commonJS({
  "npm:lodash@4.18.1/_arrayEach.js": (function (exports, module) {
    function arrayEach(array, iteratee) {
      var index = -1, length = array == null ? 0 : array.length;
      while (++index < length) {
        if (iteratee(array[index], index, array) === false) {
          break;
        }
      }
      return array;
    }
    module.exports = arrayEach;
  })
});

// npm:lodash@4.18.1/_createBaseFor.js
var require_createBaseFor = __commonJS({
  "npm:lodash@4.18.1/_createBaseFor.js": (function (exports, module) {
    function createBaseFor(fromRight) {
      return function(object, iteratee, keysFunc) {
        var index = -1, iterable = Object(object), props = keysFunc(object), length = props.length;
        while (length--) {
          var key = props[fromRight ? length : ++index];
          if (iteratee(iterable[key], key, iterable) === false) {
            break;
          }
        }
        return object;
      };
    }
    module.exports = createBaseFor;
  })
});

// npm:lodash@4.18.1/_baseFor.js
var require_baseFor = __commonJS({
  "npm:lodash@4.18.1/_baseFor.js": (function (exports, module) {
    var createBaseFor = require_createBaseFor();
    var baseFor = createBaseFor();
    module.exports = baseFor;
  })
});

// npm:lodash@4.18.1/_baseForOwn.js
var require_baseForOwn = __commonJS({
  "npm:lodash@4.18.1/_baseForOwn.js": (function (exports, module) {
    var baseFor = require_baseFor();
    var keys = require_keys();
    function baseForOwn(object, iteratee) {
      return object && baseFor(object, iteratee, keys);
    }
    module.exports = baseForOwn;
  })
});

// npm:lodash@4.18.1/_createBaseEach.js
var require_createBaseEach = __commonJS({
  "npm:lodash@4.18.1/_createBaseEach.js": (function (exports, module) {
    var isArrayLike = require_isArrayLike();
    function createBaseEach(eachFunc, fromRight) {
      return function(collection, iteratee) {
        if (collection == null) {
          return collection;
        }
        if (!isArrayLike(collection)) {
          return eachFunc(collection, iteratee);
        }
        var length = collection.length, index = fromRight ? length : -1, iterable = Object(collection);
        while (fromRight ? index-- : ++index < length) {
          if (iteratee(iterable[index], index, iterable) === false) {
            break;
          }
        }
        return collection;
      };
    }
    module.exports = createBaseEach;
  })
});

// npm:lodash@4.18.1/_baseEach.js
var require_baseEach = __commonJS({
  "npm:lodash@4.18.1/_baseEach.js": (function (exports, module) {
    var baseForOwn = require_baseForOwn();
    var createBaseEach = require_createBaseEach();
    var baseEach = createBaseEach(baseForOwn);
    module.exports = baseEach;
  })
});

// npm:lodash@4.18.1/_castFunction.js
var require_castFunction = __commonJS({
  "npm:lodash@4.18.1/_castFunction.js": (function (exports, module) {
    var identity = require_identity();
    function castFunction(value) {
      return typeof value == "function" ? value : identity;
    }
    module.exports = castFunction;
  })
});

// npm:lodash@4.18.1/forEach.js
var require_forEach = __commonJS({
  "npm:lodash@4.18.1/forEach.js": (function (exports, module) {
    var arrayEach = require_arrayEach();
    var baseEach = require_baseEach();
    var castFunction = require_castFunction();
    var isArray = require_isArray();
    function forEach(collection, iteratee) {
      var func = isArray(collection) ? arrayEach : baseEach;
      return func(collection, castFunction(iteratee));
    }
    module.exports = forEach;
  })
});

// npm:lodash@4.18.1/each.js
var require_each = __commonJS({
  "npm:lodash@4.18.1/each.js": (function (exports, module) {
    module.exports = require_forEach();
  })
});

// npm:lodash@4.18.1/_baseDelay.js
var require_baseDelay = __commonJS({
  "npm:lodash@4.18.1/_baseDelay.js": (function (exports, module) {
    var FUNC_ERROR_TEXT = "Expected a function";
    function baseDelay(func, wait, args) {
      if (typeof func != "function") {
        throw new TypeError(FUNC_ERROR_TEXT);
      }
      return setTimeout(function() {
        func.apply(void 0, args);
      }, wait);
    }
    module.exports = baseDelay;
  })
});

// npm:lodash@4.18.1/defer.js
var require_defer = __commonJS({
  "npm:lodash@4.18.1/defer.js": (function (exports, module) {
    var baseDelay = require_baseDelay();
    var baseRest = require_baseRest();
    var defer = baseRest(function(func, args) {
      return baseDelay(func, 1, args);
    });
    module.exports = defer;
  })
});

// npm:lodash@4.18.1/_metaMap.js
var require_metaMap = __commonJS({
  "npm:lodash@4.18.1/_metaMap.js": (function (exports, module) {
    var WeakMap = require_WeakMap();
    var metaMap = WeakMap && new WeakMap();
    module.exports = metaMap;
  })
});

// npm:lodash@4.18.1/_baseSetData.js
var require_baseSetData = __commonJS({
  "npm:lodash@4.18.1/_baseSetData.js": (function (exports, module) {
    var identity = require_identity();
    var metaMap = require_metaMap();
    var baseSetData = !metaMap ? identity : function(func, data) {
      metaMap.set(func, data);
      return func;
    };
    module.exports = baseSetData;
  })
});

// npm:lodash@4.18.1/_baseCreate.js
var require_baseCreate = __commonJS({
  "npm:lodash@4.18.1/_baseCreate.js": (function (exports, module) {
    var isObject = require_isObject();
    var objectCreate = Object.create;
    var baseCreate = /* @__PURE__ */ function() {
      function object() {
      }
      return function(proto) {
        if (!isObject(proto)) {
          return {};
        }
        if (objectCreate) {
          return objectCreate(proto);
        }
        object.prototype = proto;
        var result = new object();
        object.prototype = void 0;
        return result;
      };
    }();
    module.exports = baseCreate;
  })
});

// npm:lodash@4.18.1/_createCtor.js
var require_createCtor = __commonJS({
  "npm:lodash@4.18.1/_createCtor.js": (function (exports, module) {
    var baseCreate = require_baseCreate();
    var isObject = require_isObject();
    function createCtor(Ctor) {
      return function() {
        var args = arguments;
        switch (args.length) {
          case 0:
            return new Ctor();
          case 1:
            return new Ctor(args[0]);
          case 2:
            return new Ctor(args[0], args[1]);
          case 3:
            return new Ctor(args[0], args[1], args[2]);
          case 4:
            return new Ctor(args[0], args[1], args[2], args[3]);
          case 5:
            return new Ctor(args[0], args[1], args[2], args[3], args[4]);
          case 6:
            return new Ctor(args[0], args[1], args[2], args[3], args[4], args[5]);
          case 7:
            return new Ctor(args[0], args[1], args[2], args[3], args[4], args[5], args[6]);
        }
        var thisBinding = baseCreate(Ctor.prototype), result = Ctor.apply(thisBinding, args);
        return isObject(result) ? result : thisBinding;
      };
    }
    module.exports = createCtor;
  })
});

// npm:lodash@4.18.1/_createBind.js
var require_createBind = __commonJS({
  "npm:lodash@4.18.1/_createBind.js": (function (exports, module) {
    var createCtor = require_createCtor();
    var root = require_root();
    var WRAP_BIND_FLAG = 1;
    function createBind(func, bitmask, thisArg) {
      var isBind = bitmask & WRAP_BIND_FLAG, Ctor = createCtor(func);
      function wrapper() {
        var fn = this && this !== root && this instanceof wrapper ? Ctor : func;
        return fn.apply(isBind ? thisArg : this, arguments);
      }
      return wrapper;
    }
    module.exports = createBind;
  })
});

// npm:lodash@4.18.1/_composeArgs.js
var require_composeArgs = __commonJS({
  "npm:lodash@4.18.1/_composeArgs.js": (function (exports, module) {
    var nativeMax = Math.max;
    function composeArgs(args, partials, holders, isCurried) {
      var argsIndex = -1, argsLength = args.length, holdersLength = holders.length, leftIndex = -1, leftLength = partials.length, rangeLength = nativeMax(argsLength - holdersLength, 0), result = Array(leftLength + rangeLength), isUncurried = !isCurried;
      while (++leftIndex < leftLength) {
        result[leftIndex] = partials[leftIndex];
      }
      while (++argsIndex < holdersLength) {
        if (isUncurried || argsIndex < argsLength) {
          result[holders[argsIndex]] = args[argsIndex];
        }
      }
      while (rangeLength--) {
        result[leftIndex++] = args[argsIndex++];
      }
      return result;
    }
    module.exports = composeArgs;
  })
});

// npm:lodash@4.18.1/_composeArgsRight.js
var require_composeArgsRight = __commonJS({
  "npm:lodash@4.18.1/_composeArgsRight.js": (function (exports, module) {
    var nativeMax = Math.max;
    function composeArgsRight(args, partials, holders, isCurried) {
      var argsIndex = -1, argsLength = args.length, holdersIndex = -1, holdersLength = holders.length, rightIndex = -1, rightLength = partials.length, rangeLength = nativeMax(argsLength - holdersLength, 0), result = Array(rangeLength + rightLength), isUncurried = !isCurried;
      while (++argsIndex < rangeLength) {
        result[argsIndex] = args[argsIndex];
      }
      var offset = argsIndex;
      while (++rightIndex < rightLength) {
        result[offset + rightIndex] = partials[rightIndex];
      }
      while (++holdersIndex < holdersLength) {
        if (isUncurried || argsIndex < argsLength) {
          result[offset + holders[holdersIndex]] = args[argsIndex++];
        }
      }
      return result;
    }
    module.exports = composeArgsRight;
  })
});

// npm:lodash@4.18.1/_countHolders.js
var require_countHolders = __commonJS({
  "npm:lodash@4.18.1/_countHolders.js": (function (exports, module) {
    function countHolders(array, placeholder) {
      var length = array.length, result = 0;
      while (length--) {
        if (array[length] === placeholder) {
          ++result;
        }
      }
      return result;
    }
    module.exports = countHolders;
  })
});

// npm:lodash@4.18.1/_baseLodash.js
var require_baseLodash = __commonJS({
  "npm:lodash@4.18.1/_baseLodash.js": (function (exports, module) {
    function baseLodash() {
    }
    module.exports = baseLodash;
  })
});

// npm:lodash@4.18.1/_LazyWrapper.js
var require_LazyWrapper = __commonJS({
  "npm:lodash@4.18.1/_LazyWrapper.js": (function (exports, module) {
    var baseCreate = require_baseCreate();
    var baseLodash = require_baseLodash();
    var MAX_ARRAY_LENGTH = 4294967295;
    function LazyWrapper(value) {
      this.__wrapped__ = value;
      this.__actions__ = [];
      this.__dir__ = 1;
      this.__filtered__ = false;
      this.__iteratees__ = [];
      this.__takeCount__ = MAX_ARRAY_LENGTH;
      this.__views__ = [];
    }
    LazyWrapper.prototype = baseCreate(baseLodash.prototype);
    LazyWrapper.prototype.constructor = LazyWrapper;
    module.exports = LazyWrapper;
  })
});

// npm:lodash@4.18.1/noop.js
var require_noop = __commonJS({
  "npm:lodash@4.18.1/noop.js": (function (exports, module) {
    function noop() {
    }
    module.exports = noop;
  })
});

// npm:lodash@4.18.1/_getData.js
var require_getData = __commonJS({
  "npm:lodash@4.18.1/_getData.js": (function (exports, module) {
    var metaMap = require_metaMap();
    var noop = require_noop();
    var getData = !metaMap ? noop : function(func) {
      return metaMap.get(func);
    };
    module.exports = getData;
  })
});

// npm:lodash@4.18.1/_realNames.js
var require_realNames = __commonJS({
  "npm:lodash@4.18.1/_realNames.js": (function (exports, module) {
    var realNames = {};
    module.exports = realNames;
  })
});

// npm:lodash@4.18.1/_getFuncName.js
var require_getFuncName = __commonJS({
  "npm:lodash@4.18.1/_getFuncName.js": (function (exports, module) {
    var realNames = require_realNames();
    var objectProto = Object.prototype;
    var hasOwnProperty = objectProto.hasOwnProperty;
    function getFuncName(func) {
      var result = func.name + "", array = realNames[result], length = hasOwnProperty.call(realNames, result) ? array.length : 0;
      while (length--) {
        var data = array[length], otherFunc = data.func;
        if (otherFunc == null || otherFunc == func) {
          return data.name;
        }
      }
      return result;
    }
    module.exports = getFuncName;
  })
});

// npm:lodash@4.18.1/_LodashWrapper.js
var require_LodashWrapper = __commonJS({
  "npm:lodash@4.18.1/_LodashWrapper.js": (function (exports, module) {
    var baseCreate = require_baseCreate();
    var baseLodash = require_baseLodash();
    function LodashWrapper(value, chainAll) {
      this.__wrapped__ = value;
      this.__actions__ = [];
      this.__chain__ = !!chainAll;
      this.__index__ = 0;
      this.__values__ = void 0;
    }
    LodashWrapper.prototype = baseCreate(baseLodash.prototype);
    LodashWrapper.prototype.constructor = LodashWrapper;
    module.exports = LodashWrapper;
  })
});

// npm:lodash@4.18.1/_copyArray.js
var require_copyArray = __commonJS({
  "npm:lodash@4.18.1/_copyArray.js": (function (exports, module) {
    function copyArray(source, array) {
      var index = -1, length = source.length;
      array || (array = Array(length));
      while (++index < length) {
        array[index] = source[index];
      }
      return array;
    }
    module.exports = copyArray;
  })
});

// npm:lodash@4.18.1/_wrapperClone.js
var require_wrapperClone = __commonJS({
  "npm:lodash@4.18.1/_wrapperClone.js": (function (exports, module) {
    var LazyWrapper = require_LazyWrapper();
    var LodashWrapper = require_LodashWrapper();
    var copyArray = require_copyArray();
    function wrapperClone(wrapper) {
      if (wrapper instanceof LazyWrapper) {
        return wrapper.clone();
      }
      var result = new LodashWrapper(wrapper.__wrapped__, wrapper.__chain__);
      result.__actions__ = copyArray(wrapper.__actions__);
      result.__index__ = wrapper.__index__;
      result.__values__ = wrapper.__values__;
      return result;
    }
    module.exports = wrapperClone;
  })
});

// npm:lodash@4.18.1/wrapperLodash.js
var require_wrapperLodash = __commonJS({
  "npm:lodash@4.18.1/wrapperLodash.js": (function (exports, module) {
    var LazyWrapper = require_LazyWrapper();
    var LodashWrapper = require_LodashWrapper();
    var baseLodash = require_baseLodash();
    var isArray = require_isArray();
    var isObjectLike = require_isObjectLike();
    var wrapperClone = require_wrapperClone();
    var objectProto = Object.prototype;
    var hasOwnProperty = objectProto.hasOwnProperty;
    function lodash(value) {
      if (isObjectLike(value) && !isArray(value) && !(value instanceof LazyWrapper)) {
        if (value instanceof LodashWrapper) {
          return value;
        }
        if (hasOwnProperty.call(value, "__wrapped__")) {
          return wrapperClone(value);
        }
      }
      return new LodashWrapper(value);
    }
    lodash.prototype = baseLodash.prototype;
    lodash.prototype.constructor = lodash;
    module.exports = lodash;
  })
});

// npm:lodash@4.18.1/_isLaziable.js
var require_isLaziable = __commonJS({
  "npm:lodash@4.18.1/_isLaziable.js": (function (exports, module) {
    var LazyWrapper = require_LazyWrapper();
    var getData = require_getData();
    var getFuncName = require_getFuncName();
    var lodash = require_wrapperLodash();
    function isLaziable(func) {
      var funcName = getFuncName(func), other = lodash[funcName];
      if (typeof other != "function" || !(funcName in LazyWrapper.prototype)) {
        return false;
      }
      if (func === other) {
        return true;
      }
      var data = getData(other);
      return !!data && func === data[0];
    }
    module.exports = isLaziable;
  })
});

// npm:lodash@4.18.1/_setData.js
var require_setData = __commonJS({
  "npm:lodash@4.18.1/_setData.js": (function (exports, module) {
    var baseSetData = require_baseSetData();
    var shortOut = require_shortOut();
    var setData = shortOut(baseSetData);
    module.exports = setData;
  })
});

// npm:lodash@4.18.1/_getWrapDetails.js
var require_getWrapDetails = __commonJS({
  "npm:lodash@4.18.1/_getWrapDetails.js": (function (exports, module) {
    var reWrapDetails = /\{\n\/\* \[wrapped with (.+)\] \*/;
    var reSplitDetails = /,? & /;
    function getWrapDetails(source) {
      var match = source.match(reWrapDetails);
      return match ? match[1].split(reSplitDetails) : [];
    }
    module.exports = getWrapDetails;
  })
});

// npm:lodash@4.18.1/_insertWrapDetails.js
var require_insertWrapDetails = __commonJS({
  "npm:lodash@4.18.1/_insertWrapDetails.js": (function (exports, module) {
    var reWrapComment = /\{(?:\n\/\* \[wrapped with .+\] \*\/)?\n?/;
    function insertWrapDetails(source, details) {
      var length = details.length;
      if (!length) {
        return source;
      }
      var lastIndex = length - 1;
      details[lastIndex] = (length > 1 ? "& " : "") + details[lastIndex];
      details = details.join(length > 2 ? ", " : " ");
      return source.replace(reWrapComment, "{\n/* [wrapped with " + details + "] */\n");
    }
    module.exports = insertWrapDetails;
  })
});

// npm:lodash@4.18.1/_baseIsNaN.js
var require_baseIsNaN = __commonJS({
  "npm:lodash@4.18.1/_baseIsNaN.js": (function (exports, module) {
    function baseIsNaN(value) {
      return value !== value;
    }
    module.exports = baseIsNaN;
  })
});

// npm:lodash@4.18.1/_strictIndexOf.js
var require_strictIndexOf = __commonJS({
  "npm:lodash@4.18.1/_strictIndexOf.js": (function (exports, module) {
    function strictIndexOf(array, value, fromIndex) {
      var index = fromIndex - 1, length = array.length;
      while (++index < length) {
        if (array[index] === value) {
          return index;
        }
      }
      return -1;
    }
    module.exports = strictIndexOf;
  })
});

// npm:lodash@4.18.1/_baseIndexOf.js
var require_baseIndexOf = __commonJS({
  "npm:lodash@4.18.1/_baseIndexOf.js": (function (exports, module) {
    var baseFindIndex = require_baseFindIndex();
    var baseIsNaN = require_baseIsNaN();
    var strictIndexOf = require_strictIndexOf();
    function baseIndexOf(array, value, fromIndex) {
      return value === value ? strictIndexOf(array, value, fromIndex) : baseFindIndex(array, baseIsNaN, fromIndex);
    }
    module.exports = baseIndexOf;
  })
});

// npm:lodash@4.18.1/_arrayIncludes.js
var require_arrayIncludes = __commonJS({
  "npm:lodash@4.18.1/_arrayIncludes.js": (function (exports, module) {
    var baseIndexOf = require_baseIndexOf();
    function arrayIncludes(array, value) {
      var length = array == null ? 0 : array.length;
      return !!length && baseIndexOf(array, value, 0) > -1;
    }
    module.exports = arrayIncludes;
  })
});

// npm:lodash@4.18.1/_updateWrapDetails.js
var require_updateWrapDetails = __commonJS({
  "npm:lodash@4.18.1/_updateWrapDetails.js": (function (exports, module) {
    var arrayEach = require_arrayEach();
    var arrayIncludes = require_arrayIncludes();
    var WRAP_BIND_FLAG = 1;
    var WRAP_BIND_KEY_FLAG = 2;
    var WRAP_CURRY_FLAG = 8;
    var WRAP_CURRY_RIGHT_FLAG = 16;
    var WRAP_PARTIAL_FLAG = 32;
    var WRAP_PARTIAL_RIGHT_FLAG = 64;
    var WRAP_ARY_FLAG = 128;
    var WRAP_REARG_FLAG = 256;
    var WRAP_FLIP_FLAG = 512;
    var wrapFlags = [
      [
        "ary",
        WRAP_ARY_FLAG
      ],
      [
        "bind",
        WRAP_BIND_FLAG
      ],
      [
        "bindKey",
        WRAP_BIND_KEY_FLAG
      ],
      [
        "curry",
        WRAP_CURRY_FLAG
      ],
      [
        "curryRight",
        WRAP_CURRY_RIGHT_FLAG
      ],
      [
        "flip",
        WRAP_FLIP_FLAG
      ],
      [
        "partial",
        WRAP_PARTIAL_FLAG
      ],
      [
        "partialRight",
        WRAP_PARTIAL_RIGHT_FLAG
      ],
      [
        "rearg",
        WRAP_REARG_FLAG
      ]
    ];
    function updateWrapDetails(details, bitmask) {
      arrayEach(wrapFlags, function(pair) {
        var value = "_." + pair[0];
        if (bitmask & pair[1] && !arrayIncludes(details, value)) {
          details.push(value);
        }
      });
      return details.sort();
    }
    module.exports = updateWrapDetails;
  })
});

// npm:lodash@4.18.1/_setWrapToString.js
var require_setWrapToString = __commonJS({
  "npm:lodash@4.18.1/_setWrapToString.js": (function (exports, module) {
    var getWrapDetails = require_getWrapDetails();
    var insertWrapDetails = require_insertWrapDetails();
    var setToString = require_setToString();
    var updateWrapDetails = require_updateWrapDetails();
    function setWrapToString(wrapper, reference, bitmask) {
      var source = reference + "";
      return setToString(wrapper, insertWrapDetails(source, updateWrapDetails(getWrapDetails(source), bitmask)));
    }
    module.exports = setWrapToString;
  })
});

// npm:lodash@4.18.1/_createRecurry.js
var require_createRecurry = __commonJS({
  "npm:lodash@4.18.1/_createRecurry.js": (function (exports, module) {
    var isLaziable = require_isLaziable();
    var setData = require_setData();
    var setWrapToString = require_setWrapToString();
    var WRAP_BIND_FLAG = 1;
    var WRAP_BIND_KEY_FLAG = 2;
    var WRAP_CURRY_BOUND_FLAG = 4;
    var WRAP_CURRY_FLAG = 8;
    var WRAP_PARTIAL_FLAG = 32;
    var WRAP_PARTIAL_RIGHT_FLAG = 64;
    function createRecurry(func, bitmask, wrapFunc, placeholder, thisArg, partials, holders, argPos, ary, arity) {
      var isCurry = bitmask & WRAP_CURRY_FLAG, newHolders = isCurry ? holders : void 0, newHoldersRight = isCurry ? void 0 : holders, newPartials = isCurry ? partials : void 0, newPartialsRight = isCurry ? void 0 : partials;
      bitmask |= isCurry ? WRAP_PARTIAL_FLAG : WRAP_PARTIAL_RIGHT_FLAG;
      bitmask &= ~(isCurry ? WRAP_PARTIAL_RIGHT_FLAG : WRAP_PARTIAL_FLAG);
      if (!(bitmask & WRAP_CURRY_BOUND_FLAG)) {
        bitmask &= ~(WRAP_BIND_FLAG | WRAP_BIND_KEY_FLAG);
      }
      var newData = [
        func,
        bitmask,
        thisArg,
        newPartials,
        newHolders,
        newPartialsRight,
        newHoldersRight,
        argPos,
        ary,
        arity
      ];
      var result = wrapFunc.apply(void 0, newData);
      if (isLaziable(func)) {
        setData(result, newData);
      }
      result.placeholder = placeholder;
      return setWrapToString(result, func, bitmask);
    }
    module.exports = createRecurry;
  })
});

// npm:lodash@4.18.1/_getHolder.js
var require_getHolder = __commonJS({
  "npm:lodash@4.18.1/_getHolder.js": (function (exports, module) {
    function getHolder(func) {
      var object = func;
      return object.placeholder;
    }
    module.exports = getHolder;
  })
});

// npm:lodash@4.18.1/_reorder.js
var require_reorder = __commonJS({
  "npm:lodash@4.18.1/_reorder.js": (function (exports, module) {
    var copyArray = require_copyArray();
    var isIndex = require_isIndex();
    var nativeMin = Math.min;
    function reorder(array, indexes) {
      var arrLength = array.length, length = nativeMin(indexes.length, arrLength), oldArray = copyArray(array);
      while (length--) {
        var index = indexes[length];
        array[length] = isIndex(index, arrLength) ? oldArray[index] : void 0;
      }
      return array;
    }
    module.exports = reorder;
  })
});

// npm:lodash@4.18.1/_replaceHolders.js
var require_replaceHolders = __commonJS({
  "npm:lodash@4.18.1/_replaceHolders.js": (function (exports, module) {
    var PLACEHOLDER = "__lodash_placeholder__";
    function replaceHolders(array, placeholder) {
      var index = -1, length = array.length, resIndex = 0, result = [];
      while (++index < length) {
        var value = array[index];
        if (value === placeholder || value === PLACEHOLDER) {
          array[index] = PLACEHOLDER;
          result[resIndex++] = index;
        }
      }
      return result;
    }
    module.exports = replaceHolders;
  })
});

// npm:lodash@4.18.1/_createHybrid.js
var require_createHybrid = __commonJS({
  "npm:lodash@4.18.1/_createHybrid.js": (function (exports, module) {
    var composeArgs = require_composeArgs();
    var composeArgsRight = require_composeArgsRight();
    var countHolders = require_countHolders();
    var createCtor = require_createCtor();
    var createRecurry = require_createRecurry();
    var getHolder = require_getHolder();
    var reorder = require_reorder();
    var replaceHolders = require_replaceHolders();
    var root = require_root();
    var WRAP_BIND_FLAG = 1;
    var WRAP_BIND_KEY_FLAG = 2;
    var WRAP_CURRY_FLAG = 8;
    var WRAP_CURRY_RIGHT_FLAG = 16;
    var WRAP_ARY_FLAG = 128;
    var WRAP_FLIP_FLAG = 512;
    function createHybrid(func, bitmask, thisArg, partials, holders, partialsRight, holdersRight, argPos, ary, arity) {
      var isAry = bitmask & WRAP_ARY_FLAG, isBind = bitmask & WRAP_BIND_FLAG, isBindKey = bitmask & WRAP_BIND_KEY_FLAG, isCurried = bitmask & (WRAP_CURRY_FLAG | WRAP_CURRY_RIGHT_FLAG), isFlip = bitmask & WRAP_FLIP_FLAG, Ctor = isBindKey ? void 0 : createCtor(func);
      function wrapper() {
        var length = arguments.length, args = Array(length), index = length;
        while (index--) {
          args[index] = arguments[index];
        }
        if (isCurried) {
          var placeholder = getHolder(wrapper), holdersCount = countHolders(args, placeholder);
        }
        if (partials) {
          args = composeArgs(args, partials, holders, isCurried);
        }
        if (partialsRight) {
          args = composeArgsRight(args, partialsRight, holdersRight, isCurried);
        }
        length -= holdersCount;
        if (isCurried && length < arity) {
          var newHolders = replaceHolders(args, placeholder);
          return createRecurry(func, bitmask, createHybrid, wrapper.placeholder, thisArg, args, newHolders, argPos, ary, arity - length);
        }
        var thisBinding = isBind ? thisArg : this, fn = isBindKey ? thisBinding[func] : func;
        length = args.length;
        if (argPos) {
          args = reorder(args, argPos);
        } else if (isFlip && length > 1) {
          args.reverse();
        }
        if (isAry && ary < length) {
          args.length = ary;
        }
        if (this && this !== root && this instanceof wrapper) {
          fn = Ctor || createCtor(fn);
        }
        return fn.apply(thisBinding, args);
      }
      return wrapper;
    }
    module.exports = createHybrid;
  })
});

// npm:lodash@4.18.1/_createCurry.js
var require_createCurry = __commonJS({
  "npm:lodash@4.18.1/_createCurry.js": (function (exports, module) {
    var apply = require_apply();
    var createCtor = require_createCtor();
    var createHybrid = require_createHybrid();
    var createRecurry = require_createRecurry();
    var getHolder = require_getHolder();
    var replaceHolders = require_replaceHolders();
    var root = require_root();
    function createCurry(func, bitmask, arity) {
      var Ctor = createCtor(func);
      function wrapper() {
        var length = arguments.length, args = Array(length), index = length, placeholder = getHolder(wrapper);
        while (index--) {
          args[index] = arguments[index];
        }
        var holders = length < 3 && args[0] !== placeholder && args[length - 1] !== placeholder ? [] : replaceHolders(args, placeholder);
        length -= holders.length;
        if (length < arity) {
          return createRecurry(func, bitmask, createHybrid, wrapper.placeholder, void 0, args, holders, void 0, void 0, arity - length);
        }
        var fn = this && this !== root && this instanceof wrapper ? Ctor : func;
        return apply(fn, this, args);
      }
      return wrapper;
    }
    module.exports = createCurry;
  })
});

// npm:lodash@4.18.1/_createPartial.js
var require_createPartial = __commonJS({
  "npm:lodash@4.18.1/_createPartial.js": (function (exports, module) {
    var apply = require_apply();
    var createCtor = require_createCtor();
    var root = require_root();
    var WRAP_BIND_FLAG = 1;
    function createPartial(func, bitmask, thisArg, partials) {
      var isBind = bitmask & WRAP_BIND_FLAG, Ctor = createCtor(func);
      function wrapper() {
        var argsIndex = -1, argsLength = arguments.length, leftIndex = -1, leftLength = partials.length, args = Array(leftLength + argsLength), fn = this && this !== root && this instanceof wrapper ? Ctor : func;
        while (++leftIndex < leftLength) {
          args[leftIndex] = partials[leftIndex];
        }
        while (argsLength--) {
          args[leftIndex++] = arguments[++argsIndex];
        }
        return apply(fn, isBind ? thisArg : this, args);
      }
      return wrapper;
    }
    module.exports = createPartial;
  })
});

// npm:lodash@4.18.1/_mergeData.js
var require_mergeData = __commonJS({
  "npm:lodash@4.18.1/_mergeData.js": (function (exports, module) {
    var composeArgs = require_composeArgs();
    var composeArgsRight = require_composeArgsRight();
    var replaceHolders = require_replaceHolders();
    var PLACEHOLDER = "__lodash_placeholder__";
    var WRAP_BIND_FLAG = 1;
    var WRAP_BIND_KEY_FLAG = 2;
    var WRAP_CURRY_BOUND_FLAG = 4;
    var WRAP_CURRY_FLAG = 8;
    var WRAP_ARY_FLAG = 128;
    var WRAP_REARG_FLAG = 256;
    var nativeMin = Math.min;
    function mergeData(data, source) {
      var bitmask = data[1], srcBitmask = source[1], newBitmask = bitmask | srcBitmask, isCommon = newBitmask < (WRAP_BIND_FLAG | WRAP_BIND_KEY_FLAG | WRAP_ARY_FLAG);
      var isCombo = srcBitmask == WRAP_ARY_FLAG && bitmask == WRAP_CURRY_FLAG || srcBitmask == WRAP_ARY_FLAG && bitmask == WRAP_REARG_FLAG && data[7].length <= source[8] || srcBitmask == (WRAP_ARY_FLAG | WRAP_REARG_FLAG) && source[7].length <= source[8] && bitmask == WRAP_CURRY_FLAG;
      if (!(isCommon || isCombo)) {
        return data;
      }
      if (srcBitmask & WRAP_BIND_FLAG) {
        data[2] = source[2];
        newBitmask |= bitmask & WRAP_BIND_FLAG ? 0 : WRAP_CURRY_BOUND_FLAG;
      }
      var value = source[3];
      if (value) {
        var partials = data[3];
        data[3] = partials ? composeArgs(partials, value, source[4]) : value;
        data[4] = partials ? replaceHolders(data[3], PLACEHOLDER) : source[4];
      }
      value = source[5];
      if (value) {
        partials = data[5];
        data[5] = partials ? composeArgsRight(partials, value, source[6]) : value;
        data[6] = partials ? replaceHolders(data[5], PLACEHOLDER) : source[6];
      }
      value = source[7];
      if (value) {
        data[7] = value;
      }
      if (srcBitmask & WRAP_ARY_FLAG) {
        data[8] = data[8] == null ? source[8] : nativeMin(data[8], source[8]);
      }
      if (data[9] == null) {
        data[9] = source[9];
      }
      data[0] = source[0];
      data[1] = newBitmask;
      return data;
    }
    module.exports = mergeData;
  })
});

// npm:lodash@4.18.1/_createWrap.js
var require_createWrap = __commonJS({
  "npm:lodash@4.18.1/_createWrap.js": (function (exports, module) {
    var baseSetData = require_baseSetData();
    var createBind = require_createBind();
    var createCurry = require_createCurry();
    var createHybrid = require_createHybrid();
    var createPartial = require_createPartial();
    var getData = require_getData();
    var mergeData = require_mergeData();
    var setData = require_setData();
    var setWrapToString = require_setWrapToString();
    var toInteger = require_toInteger();
    var FUNC_ERROR_TEXT = "Expected a function";
    var WRAP_BIND_FLAG = 1;
    var WRAP_BIND_KEY_FLAG = 2;
    var WRAP_CURRY_FLAG = 8;
    var WRAP_CURRY_RIGHT_FLAG = 16;
    var WRAP_PARTIAL_FLAG = 32;
    var WRAP_PARTIAL_RIGHT_FLAG = 64;
    var nativeMax = Math.max;
    function createWrap(func, bitmask, thisArg, partials, holders, argPos, ary, arity) {
      var isBindKey = bitmask & WRAP_BIND_KEY_FLAG;
      if (!isBindKey && typeof func != "function") {
        throw new TypeError(FUNC_ERROR_TEXT);
      }
      var length = partials ? partials.length : 0;
      if (!length) {
        bitmask &= ~(WRAP_PARTIAL_FLAG | WRAP_PARTIAL_RIGHT_FLAG);
        partials = holders = void 0;
      }
      ary = ary === void 0 ? ary : nativeMax(toInteger(ary), 0);
      arity = arity === void 0 ? arity : toInteger(arity);
      length -= holders ? holders.length : 0;
      if (bitmask & WRAP_PARTIAL_RIGHT_FLAG) {
        var partialsRight = partials, holdersRight = holders;
        partials = holders = void 0;
      }
      var data = isBindKey ? void 0 : getData(func);
      var newData = [
        func,
        bitmask,
        thisArg,
        partials,
        holders,
        partialsRight,
        holdersRight,
        argPos,
        ary,
        arity
      ];
      if (data) {
        mergeData(newData, data);
      }
      func = newData[0];
      bitmask = newData[1];
      thisArg = newData[2];
      partials = newData[3];
      holders = newData[4];
      arity = newData[9] = newData[9] === void 0 ? isBindKey ? 0 : func.length : nativeMax(newData[9] - length, 0);
      if (!arity && bitmask & (WRAP_CURRY_FLAG | WRAP_CURRY_RIGHT_FLAG)) {
        bitmask &= ~(WRAP_CURRY_FLAG | WRAP_CURRY_RIGHT_FLAG);
      }
      if (!bitmask || bitmask == WRAP_BIND_FLAG) {
        var result = createBind(func, bitmask, thisArg);
      } else if (bitmask == WRAP_CURRY_FLAG || bitmask == WRAP_CURRY_RIGHT_FLAG) {
        result = createCurry(func, bitmask, arity);
      } else if ((bitmask == WRAP_PARTIAL_FLAG || bitmask == (WRAP_BIND_FLAG | WRAP_PARTIAL_FLAG)) && !holders.length) {
        result = createPartial(func, bitmask, thisArg, partials);
      } else {
        result = createHybrid.apply(void 0, newData);
      }
      var setter = data ? baseSetData : setData;
      return setWrapToString(setter(result, newData), func, bitmask);
    }
    module.exports = createWrap;
  })
});

// npm:lodash@4.18.1/bind.js
var require_bind = __commonJS({
  "npm:lodash@4.18.1/bind.js": (function (exports, module) {
    var baseRest = require_baseRest();
    var createWrap = require_createWrap();
    var getHolder = require_getHolder();
    var replaceHolders = require_replaceHolders();
    var WRAP_BIND_FLAG = 1;
    var WRAP_PARTIAL_FLAG = 32;
    var bind = baseRest(function(func, thisArg, partials) {
      var bitmask = WRAP_BIND_FLAG;
      if (partials.length) {
        var holders = replaceHolders(partials, getHolder(bind));
        bitmask |= WRAP_PARTIAL_FLAG;
      }
      return createWrap(func, bitmask, thisArg, partials, holders);
    });
    bind.placeholder = {};
    module.exports = bind;
  })
});

// npm:eventemitter3@5.0.4/index.js
var require__ = __commonJS({
  "npm:eventemitter3@5.0.4/index.js": (function (exports, module) {
    "use strict";
    var has = Object.prototype.hasOwnProperty;
    var prefix = "~";
    function Events() {
    }
    if (Object.create) {
      Events.prototype = /* @__PURE__ */ Object.create(null);
      if (!new Events().__proto__) prefix = false;
    }
    function EE(fn, context, once) {
      this.fn = fn;
      this.context = context;
      this.once = once || false;
    }
    function addListener(emitter, event, fn, context, once) {
      if (typeof fn !== "function") {
        throw new TypeError("The listener must be a function");
      }
      var listener = new EE(fn, context || emitter, once), evt = prefix ? prefix + event : event;
      if (!emitter._events[evt]) emitter._events[evt] = listener, emitter._eventsCount++;
      else if (!emitter._events[evt].fn) emitter._events[evt].push(listener);
      else emitter._events[evt] = [
        emitter._events[evt],
        listener
      ];
      return emitter;
    }
    function clearEvent(emitter, evt) {
      if (--emitter._eventsCount === 0) emitter._events = new Events();
      else delete emitter._events[evt];
    }
    function EventEmitter() {
      this._events = new Events();
      this._eventsCount = 0;
    }
    EventEmitter.prototype.eventNames = function eventNames() {
      var names = [], events, name;
      if (this._eventsCount === 0) return names;
      for (name in events = this._events) {
        if (has.call(events, name)) names.push(prefix ? name.slice(1) : name);
      }
      if (Object.getOwnPropertySymbols) {
        return names.concat(Object.getOwnPropertySymbols(events));
      }
      return names;
    };
    EventEmitter.prototype.listeners = function listeners(event) {
      var evt = prefix ? prefix + event : event, handlers = this._events[evt];
      if (!handlers) return [];
      if (handlers.fn) return [
        handlers.fn
      ];
      for (var i = 0, l = handlers.length, ee = new Array(l); i < l; i++) {
        ee[i] = handlers[i].fn;
      }
      return ee;
    };
    EventEmitter.prototype.listenerCount = function listenerCount(event) {
      var evt = prefix ? prefix + event : event, listeners = this._events[evt];
      if (!listeners) return 0;
      if (listeners.fn) return 1;
      return listeners.length;
    };
    EventEmitter.prototype.emit = function emit(event, a1, a2, a3, a4, a5) {
      var evt = prefix ? prefix + event : event;
      if (!this._events[evt]) return false;
      var listeners = this._events[evt], len = arguments.length, args, i;
      if (listeners.fn) {
        if (listeners.once) this.removeListener(event, listeners.fn, void 0, true);
        switch (len) {
          case 1:
            return listeners.fn.call(listeners.context), true;
          case 2:
            return listeners.fn.call(listeners.context, a1), true;
          case 3:
            return listeners.fn.call(listeners.context, a1, a2), true;
          case 4:
            return listeners.fn.call(listeners.context, a1, a2, a3), true;
          case 5:
            return listeners.fn.call(listeners.context, a1, a2, a3, a4), true;
          case 6:
            return listeners.fn.call(listeners.context, a1, a2, a3, a4, a5), true;
        }
        for (i = 1, args = new Array(len - 1); i < len; i++) {
          args[i - 1] = arguments[i];
        }
        listeners.fn.apply(listeners.context, args);
      } else {
        var length = listeners.length, j;
        for (i = 0; i < length; i++) {
          if (listeners[i].once) this.removeListener(event, listeners[i].fn, void 0, true);
          switch (len) {
            case 1:
              listeners[i].fn.call(listeners[i].context);
              break;
            case 2:
              listeners[i].fn.call(listeners[i].context, a1);
              break;
            case 3:
              listeners[i].fn.call(listeners[i].context, a1, a2);
              break;
            case 4:
              listeners[i].fn.call(listeners[i].context, a1, a2, a3);
              break;
            default:
              if (!args) for (j = 1, args = new Array(len - 1); j < len; j++) {
                args[j - 1] = arguments[j];
              }
              listeners[i].fn.apply(listeners[i].context, args);
          }
        }
      }
      return true;
    };
    EventEmitter.prototype.on = function on(event, fn, context) {
      return addListener(this, event, fn, context, false);
    };
    EventEmitter.prototype.once = function once(event, fn, context) {
      return addListener(this, event, fn, context, true);
    };
    EventEmitter.prototype.removeListener = function removeListener(event, fn, context, once) {
      var evt = prefix ? prefix + event : event;
      if (!this._events[evt]) return this;
      if (!fn) {
        clearEvent(this, evt);
        return this;
      }
      var listeners = this._events[evt];
      if (listeners.fn) {
        if (listeners.fn === fn && (!once || listeners.once) && (!context || listeners.context === context)) {
          clearEvent(this, evt);
        }
      } else {
        for (var i = 0, events = [], length = listeners.length; i < length; i++) {
          if (listeners[i].fn !== fn || once && !listeners[i].once || context && listeners[i].context !== context) {
            events.push(listeners[i]);
          }
        }
        if (events.length) this._events[evt] = events.length === 1 ? events[0] : events;
        else clearEvent(this, evt);
      }
      return this;
    };
    EventEmitter.prototype.removeAllListeners = function removeAllListeners(event) {
      var evt;
      if (event) {
        evt = prefix ? prefix + event : event;
        if (this._events[evt]) clearEvent(this, evt);
      } else {
        this._events = new Events();
        this._eventsCount = 0;
      }
      return this;
    };
    EventEmitter.prototype.off = EventEmitter.prototype.removeListener;
    EventEmitter.prototype.addListener = EventEmitter.prototype.on;
    EventEmitter.prefixed = prefix;
    EventEmitter.EventEmitter = EventEmitter;
    if ("undefined" !== typeof module) {
      module.exports = EventEmitter;
    }
  })
});

// npm:middleware-handler@0.2.0/index.js
var require__2 = __commonJS({
  "npm:middleware-handler@0.2.0/index.js": (function (exports, module) {
    var slice = [].slice;
    function MiddlewareHandler() {
      this.clear();
    }
    MiddlewareHandler.prototype.use = function(middleware) {
      this.stack.push(middleware);
    };
    MiddlewareHandler.prototype.clear = function() {
      this.stack = [];
    };
    MiddlewareHandler.prototype.handle = function(args, callback) {
      var index = 0, _this = this, length;
      if ("function" === typeof args) {
        callback = args;
        args = [];
      }
      args = args || [];
      length = args.length + 1;
      function next(err) {
        var middleware = _this.stack[index++], _args;
        if (arguments.length > 1) {
          args = slice.call(arguments, 1);
          length = args.length + 1;
        }
        if (!middleware) {
          if (callback) {
            args.unshift(err);
            callback.apply(null, args);
          }
          return;
        }
        _args = args.slice();
        _args.push(next);
        if (middleware.length > length) {
          _args.unshift(err);
        } else if (err) {
          next(err);
          return;
        }
        try {
          middleware.apply(null, _args);
        } catch (e) {
          next(e);
        }
      }
      next();
    };
    MiddlewareHandler.prototype.compose = function(callback) {
      var _this = this;
      return function() {
        var args = slice.call(arguments);
        _this.handle(args, callback);
      };
    };
    function compose() {
      var handler = new MiddlewareHandler(), middlewares = slice.call(arguments);
      middlewares.forEach(function(middleware) {
        handler.use(middleware);
      });
      return handler.compose();
    }
    exports = module.exports = MiddlewareHandler;
    exports.compose = compose;
  })
});

// npm:lodash@4.18.1/_baseAssign.js
var require_baseAssign = __commonJS({
  "npm:lodash@4.18.1/_baseAssign.js": (function (exports, module) {
    var copyObject = require_copyObject();
    var keys = require_keys();
    function baseAssign(object, source) {
      return object && copyObject(source, keys(source), object);
    }
    module.exports = baseAssign;
  })
});

// npm:lodash@4.18.1/_baseAssignIn.js
var require_baseAssignIn = __commonJS({
  "npm:lodash@4.18.1/_baseAssignIn.js": (function (exports, module) {
    var copyObject = require_copyObject();
    var keysIn = require_keysIn();
    function baseAssignIn(object, source) {
      return object && copyObject(source, keysIn(source), object);
    }
    module.exports = baseAssignIn;
  })
});

// npm:lodash@4.18.1/_cloneBuffer.js
var require_cloneBuffer = __commonJS({
  "npm:lodash@4.18.1/_cloneBuffer.js": (function (exports, module) {
    var root = require_root();
    var freeExports = typeof exports == "object" && exports && !exports.nodeType && exports;
    var freeModule = freeExports && typeof module == "object" && module && !module.nodeType && module;
    var moduleExports = freeModule && freeModule.exports === freeExports;
    var Buffer2 = moduleExports ? root.Buffer : void 0;
    var allocUnsafe = Buffer2 ? Buffer2.allocUnsafe : void 0;
    function cloneBuffer(buffer, isDeep) {
      if (isDeep) {
        return buffer.slice();
      }
      var length = buffer.length, result = allocUnsafe ? allocUnsafe(length) : new buffer.constructor(length);
      buffer.copy(result);
      return result;
    }
    module.exports = cloneBuffer;
  })
});

// npm:lodash@4.18.1/_copySymbols.js
var require_copySymbols = __commonJS({
  "npm:lodash@4.18.1/_copySymbols.js": (function (exports, module) {
    var copyObject = require_copyObject();
    var getSymbols = require_getSymbols();
    function copySymbols(source, object) {
      return copyObject(source, getSymbols(source), object);
    }
    module.exports = copySymbols;
  })
});

// npm:lodash@4.18.1/_getPrototype.js
var require_getPrototype = __commonJS({
  "npm:lodash@4.18.1/_getPrototype.js": (function (exports, module) {
    var overArg = require_overArg();
    var getPrototype = overArg(Object.getPrototypeOf, Object);
    module.exports = getPrototype;
  })
});

// npm:lodash@4.18.1/_getSymbolsIn.js
var require_getSymbolsIn = __commonJS({
  "npm:lodash@4.18.1/_getSymbolsIn.js": (function (exports, module) {
    var arrayPush = require_arrayPush();
    var getPrototype = require_getPrototype();
    var getSymbols = require_getSymbols();
    var stubArray = require_stubArray();
    var nativeGetSymbols = Object.getOwnPropertySymbols;
    var getSymbolsIn = !nativeGetSymbols ? stubArray : function(object) {
      var result = [];
      while (object) {
        arrayPush(result, getSymbols(object));
        object = getPrototype(object);
      }
      return result;
    };
    module.exports = getSymbolsIn;
  })
});

// npm:lodash@4.18.1/_copySymbolsIn.js
var require_copySymbolsIn = __commonJS({
  "npm:lodash@4.18.1/_copySymbolsIn.js": (function (exports, module) {
    var copyObject = require_copyObject();
    var getSymbolsIn = require_getSymbolsIn();
    function copySymbolsIn(source, object) {
      return copyObject(source, getSymbolsIn(source), object);
    }
    module.exports = copySymbolsIn;
  })
});

// npm:lodash@4.18.1/_getAllKeysIn.js
var require_getAllKeysIn = __commonJS({
  "npm:lodash@4.18.1/_getAllKeysIn.js": (function (exports, module) {
    var baseGetAllKeys = require_baseGetAllKeys();
    var getSymbolsIn = require_getSymbolsIn();
    var keysIn = require_keysIn();
    function getAllKeysIn(object) {
      return baseGetAllKeys(object, keysIn, getSymbolsIn);
    }
    module.exports = getAllKeysIn;
  })
});

// npm:lodash@4.18.1/_initCloneArray.js
var require_initCloneArray = __commonJS({
  "npm:lodash@4.18.1/_initCloneArray.js": (function (exports, module) {
    var objectProto = Object.prototype;
    var hasOwnProperty = objectProto.hasOwnProperty;
    function initCloneArray(array) {
      var length = array.length, result = new array.constructor(length);
      if (length && typeof array[0] == "string" && hasOwnProperty.call(array, "index")) {
        result.index = array.index;
        result.input = array.input;
      }
      return result;
    }
    module.exports = initCloneArray;
  })
});

// npm:lodash@4.18.1/_cloneArrayBuffer.js
var require_cloneArrayBuffer = __commonJS({
  "npm:lodash@4.18.1/_cloneArrayBuffer.js": (function (exports, module) {
    var Uint8Array2 = require_Uint8Array();
    function cloneArrayBuffer(arrayBuffer) {
      var result = new arrayBuffer.constructor(arrayBuffer.byteLength);
      new Uint8Array2(result).set(new Uint8Array2(arrayBuffer));
      return result;
    }
    module.exports = cloneArrayBuffer;
  })
});

// npm:lodash@4.18.1/_cloneDataView.js
var require_cloneDataView = __commonJS({
  "npm:lodash@4.18.1/_cloneDataView.js": (function (exports, module) {
    var cloneArrayBuffer = require_cloneArrayBuffer();
    function cloneDataView(dataView, isDeep) {
      var buffer = isDeep ? cloneArrayBuffer(dataView.buffer) : dataView.buffer;
      return new dataView.constructor(buffer, dataView.byteOffset, dataView.byteLength);
    }
    module.exports = cloneDataView;
  })
});

// npm:lodash@4.18.1/_cloneRegExp.js
var require_cloneRegExp = __commonJS({
  "npm:lodash@4.18.1/_cloneRegExp.js": (function (exports, module) {
    var reFlags = /\w*$/;
    function cloneRegExp(regexp) {
      var result = new regexp.constructor(regexp.source, reFlags.exec(regexp));
      result.lastIndex = regexp.lastIndex;
      return result;
    }
    module.exports = cloneRegExp;
  })
});

// npm:lodash@4.18.1/_cloneSymbol.js
var require_cloneSymbol = __commonJS({
  "npm:lodash@4.18.1/_cloneSymbol.js": (function (exports, module) {
    var Symbol2 = require_Symbol();
    var symbolProto = Symbol2 ? Symbol2.prototype : void 0;
    var symbolValueOf = symbolProto ? symbolProto.valueOf : void 0;
    function cloneSymbol(symbol) {
      return symbolValueOf ? Object(symbolValueOf.call(symbol)) : {};
    }
    module.exports = cloneSymbol;
  })
});

// npm:lodash@4.18.1/_cloneTypedArray.js
var require_cloneTypedArray = __commonJS({
  "npm:lodash@4.18.1/_cloneTypedArray.js": (function (exports, module) {
    var cloneArrayBuffer = require_cloneArrayBuffer();
    function cloneTypedArray(typedArray, isDeep) {
      var buffer = isDeep ? cloneArrayBuffer(typedArray.buffer) : typedArray.buffer;
      return new typedArray.constructor(buffer, typedArray.byteOffset, typedArray.length);
    }
    module.exports = cloneTypedArray;
  })
});

// npm:lodash@4.18.1/_initCloneByTag.js
var require_initCloneByTag = __commonJS({
  "npm:lodash@4.18.1/_initCloneByTag.js": (function (exports, module) {
    var cloneArrayBuffer = require_cloneArrayBuffer();
    var cloneDataView = require_cloneDataView();
    var cloneRegExp = require_cloneRegExp();
    var cloneSymbol = require_cloneSymbol();
    var cloneTypedArray = require_cloneTypedArray();
    var boolTag = "[object Boolean]";
    var dateTag = "[object Date]";
    var mapTag = "[object Map]";
    var numberTag = "[object Number]";
    var regexpTag = "[object RegExp]";
    var setTag = "[object Set]";
    var stringTag = "[object String]";
    var symbolTag = "[object Symbol]";
    var arrayBufferTag = "[object ArrayBuffer]";
    var dataViewTag = "[object DataView]";
    var float32Tag = "[object Float32Array]";
    var float64Tag = "[object Float64Array]";
    var int8Tag = "[object Int8Array]";
    var int16Tag = "[object Int16Array]";
    var int32Tag = "[object Int32Array]";
    var uint8Tag = "[object Uint8Array]";
    var uint8ClampedTag = "[object Uint8ClampedArray]";
    var uint16Tag = "[object Uint16Array]";
    var uint32Tag = "[object Uint32Array]";
    function initCloneByTag(object, tag, isDeep) {
      var Ctor = object.constructor;
      switch (tag) {
        case arrayBufferTag:
          return cloneArrayBuffer(object);
        case boolTag:
        case dateTag:
          return new Ctor(+object);
        case dataViewTag:
          return cloneDataView(object, isDeep);
        case float32Tag:
        case float64Tag:
        case int8Tag:
        case int16Tag:
        case int32Tag:
        case uint8Tag:
        case uint8ClampedTag:
        case uint16Tag:
        case uint32Tag:
          return cloneTypedArray(object, isDeep);
        case mapTag:
          return new Ctor();
        case numberTag:
        case stringTag:
          return new Ctor(object);
        case regexpTag:
          return cloneRegExp(object);
        case setTag:
          return new Ctor();
        case symbolTag:
          return cloneSymbol(object);
      }
    }
    module.exports = initCloneByTag;
  })
});

// npm:lodash@4.18.1/_initCloneObject.js
var require_initCloneObject = __commonJS({
  "npm:lodash@4.18.1/_initCloneObject.js": (function (exports, module) {
    var baseCreate = require_baseCreate();
    var getPrototype = require_getPrototype();
    var isPrototype = require_isPrototype();
    function initCloneObject(object) {
      return typeof object.constructor == "function" && !isPrototype(object) ? baseCreate(getPrototype(object)) : {};
    }
    module.exports = initCloneObject;
  })
});

// npm:lodash@4.18.1/_baseIsMap.js
var require_baseIsMap = __commonJS({
  "npm:lodash@4.18.1/_baseIsMap.js": (function (exports, module) {
    var getTag = require_getTag();
    var isObjectLike = require_isObjectLike();
    var mapTag = "[object Map]";
    function baseIsMap(value) {
      return isObjectLike(value) && getTag(value) == mapTag;
    }
    module.exports = baseIsMap;
  })
});

// npm:lodash@4.18.1/isMap.js
var require_isMap = __commonJS({
  "npm:lodash@4.18.1/isMap.js": (function (exports, module) {
    var baseIsMap = require_baseIsMap();
    var baseUnary = require_baseUnary();
    var nodeUtil = require_nodeUtil();
    var nodeIsMap = nodeUtil && nodeUtil.isMap;
    var isMap = nodeIsMap ? baseUnary(nodeIsMap) : baseIsMap;
    module.exports = isMap;
  })
});

// npm:lodash@4.18.1/_baseIsSet.js
var require_baseIsSet = __commonJS({
  "npm:lodash@4.18.1/_baseIsSet.js": (function (exports, module) {
    var getTag = require_getTag();
    var isObjectLike = require_isObjectLike();
    var setTag = "[object Set]";
    function baseIsSet(value) {
      return isObjectLike(value) && getTag(value) == setTag;
    }
    module.exports = baseIsSet;
  })
});

// npm:lodash@4.18.1/isSet.js
var require_isSet = __commonJS({
  "npm:lodash@4.18.1/isSet.js": (function (exports, module) {
    var baseIsSet = require_baseIsSet();
    var baseUnary = require_baseUnary();
    var nodeUtil = require_nodeUtil();
    var nodeIsSet = nodeUtil && nodeUtil.isSet;
    var isSet = nodeIsSet ? baseUnary(nodeIsSet) : baseIsSet;
    module.exports = isSet;
  })
});

// npm:lodash@4.18.1/_baseClone.js
var require_baseClone = __commonJS({
  "npm:lodash@4.18.1/_baseClone.js": (function (exports, module) {
    var Stack = require_Stack();
    var arrayEach = require_arrayEach();
    var assignValue = require_assignValue();
    var baseAssign = require_baseAssign();
    var baseAssignIn = require_baseAssignIn();
    var cloneBuffer = require_cloneBuffer();
    var copyArray = require_copyArray();
    var copySymbols = require_copySymbols();
    var copySymbolsIn = require_copySymbolsIn();
    var getAllKeys = require_getAllKeys();
    var getAllKeysIn = require_getAllKeysIn();
    var getTag = require_getTag();
    var initCloneArray = require_initCloneArray();
    var initCloneByTag = require_initCloneByTag();
    var initCloneObject = require_initCloneObject();
    var isArray = require_isArray();
    var isBuffer = require_isBuffer();
    var isMap = require_isMap();
    var isObject = require_isObject();
    var isSet = require_isSet();
    var keys = require_keys();
    var keysIn = require_keysIn();
    var CLONE_DEEP_FLAG = 1;
    var CLONE_FLAT_FLAG = 2;
    var CLONE_SYMBOLS_FLAG = 4;
    var argsTag = "[object Arguments]";
    var arrayTag = "[object Array]";
    var boolTag = "[object Boolean]";
    var dateTag = "[object Date]";
    var errorTag = "[object Error]";
    var funcTag = "[object Function]";
    var genTag = "[object GeneratorFunction]";
    var mapTag = "[object Map]";
    var numberTag = "[object Number]";
    var objectTag = "[object Object]";
    var regexpTag = "[object RegExp]";
    var setTag = "[object Set]";
    var stringTag = "[object String]";
    var symbolTag = "[object Symbol]";
    var weakMapTag = "[object WeakMap]";
    var arrayBufferTag = "[object ArrayBuffer]";
    var dataViewTag = "[object DataView]";
    var float32Tag = "[object Float32Array]";
    var float64Tag = "[object Float64Array]";
    var int8Tag = "[object Int8Array]";
    var int16Tag = "[object Int16Array]";
    var int32Tag = "[object Int32Array]";
    var uint8Tag = "[object Uint8Array]";
    var uint8ClampedTag = "[object Uint8ClampedArray]";
    var uint16Tag = "[object Uint16Array]";
    var uint32Tag = "[object Uint32Array]";
    var cloneableTags = {};
    cloneableTags[argsTag] = cloneableTags[arrayTag] = cloneableTags[arrayBufferTag] = cloneableTags[dataViewTag] = cloneableTags[boolTag] = cloneableTags[dateTag] = cloneableTags[float32Tag] = cloneableTags[float64Tag] = cloneableTags[int8Tag] = cloneableTags[int16Tag] = cloneableTags[int32Tag] = cloneableTags[mapTag] = cloneableTags[numberTag] = cloneableTags[objectTag] = cloneableTags[regexpTag] = cloneableTags[setTag] = cloneableTags[stringTag] = cloneableTags[symbolTag] = cloneableTags[uint8Tag] = cloneableTags[uint8ClampedTag] = cloneableTags[uint16Tag] = cloneableTags[uint32Tag] = true;
    cloneableTags[errorTag] = cloneableTags[funcTag] = cloneableTags[weakMapTag] = false;
    function baseClone(value, bitmask, customizer, key, object, stack) {
      var result, isDeep = bitmask & CLONE_DEEP_FLAG, isFlat = bitmask & CLONE_FLAT_FLAG, isFull = bitmask & CLONE_SYMBOLS_FLAG;
      if (customizer) {
        result = object ? customizer(value, key, object, stack) : customizer(value);
      }
      if (result !== void 0) {
        return result;
      }
      if (!isObject(value)) {
        return value;
      }
      var isArr = isArray(value);
      if (isArr) {
        result = initCloneArray(value);
        if (!isDeep) {
          return copyArray(value, result);
        }
      } else {
        var tag = getTag(value), isFunc = tag == funcTag || tag == genTag;
        if (isBuffer(value)) {
          return cloneBuffer(value, isDeep);
        }
        if (tag == objectTag || tag == argsTag || isFunc && !object) {
          result = isFlat || isFunc ? {} : initCloneObject(value);
          if (!isDeep) {
            return isFlat ? copySymbolsIn(value, baseAssignIn(result, value)) : copySymbols(value, baseAssign(result, value));
          }
        } else {
          if (!cloneableTags[tag]) {
            return object ? value : {};
          }
          result = initCloneByTag(value, tag, isDeep);
        }
      }
      stack || (stack = new Stack());
      var stacked = stack.get(value);
      if (stacked) {
        return stacked;
      }
      stack.set(value, result);
      if (isSet(value)) {
        value.forEach(function(subValue) {
          result.add(baseClone(subValue, bitmask, customizer, subValue, value, stack));
        });
      } else if (isMap(value)) {
        value.forEach(function(subValue, key2) {
          result.set(key2, baseClone(subValue, bitmask, customizer, key2, value, stack));
        });
      }
      var keysFunc = isFull ? isFlat ? getAllKeysIn : getAllKeys : isFlat ? keysIn : keys;
      var props = isArr ? void 0 : keysFunc(value);
      arrayEach(props || value, function(subValue, key2) {
        if (props) {
          key2 = subValue;
          subValue = value[key2];
        }
        assignValue(result, key2, baseClone(subValue, bitmask, customizer, key2, value, stack));
      });
      return result;
    }
    module.exports = baseClone;
  })
});

// npm:lodash@4.18.1/clone.js
var require_clone = __commonJS({
  "npm:lodash@4.18.1/clone.js": (function (exports, module) {
    var baseClone = require_baseClone();
    var CLONE_SYMBOLS_FLAG = 4;
    function clone(value) {
      return baseClone(value, CLONE_SYMBOLS_FLAG);
    }
    module.exports = clone;
  })
});

// npm:irc-framework@4.14.0/src/commands/command.js
var require_command = __commonJS({
  "npm:irc-framework@4.14.0/src/commands/command.js": (function (exports, module) {
    "use strict";
    var _ = {
      clone: require_clone()
    };
    var numberRegex = /^[0-9.]{1,}$/;
    module.exports = class IrcCommand {
      constructor(command, data) {
        this.command = command += "";
        this.params = _.clone(data.params);
        this.tags = _.clone(data.tags);
        this.prefix = data.prefix;
        this.nick = data.nick;
        this.ident = data.ident;
        this.hostname = data.hostname;
      }
      getTag(tag_name) {
        return this.tags[tag_name.toLowerCase()];
      }
      getServerTime() {
        const timeTag = this.getTag("time");
        if (!timeTag) {
          return void 0;
        }
        const time = Date.parse(timeTag) || void 0;
        if (!time && numberRegex.test(timeTag)) {
          return new Date(timeTag * 1e3).getTime();
        }
        return time;
      }
    };
  })
});

// npm:lodash@4.18.1/_arrayReduce.js
var require_arrayReduce = __commonJS({
  "npm:lodash@4.18.1/_arrayReduce.js": (function (exports, module) {
    function arrayReduce(array, iteratee, accumulator, initAccum) {
      var index = -1, length = array == null ? 0 : array.length;
      if (initAccum && length) {
        accumulator = array[++index];
      }
      while (++index < length) {
        accumulator = iteratee(accumulator, array[index], index, array);
      }
      return accumulator;
    }
    module.exports = arrayReduce;
  })
});

// npm:lodash@4.18.1/_baseReduce.js
var require_baseReduce = __commonJS({
  "npm:lodash@4.18.1/_baseReduce.js": (function (exports, module) {
    function baseReduce(collection, iteratee, accumulator, initAccum, eachFunc) {
      eachFunc(collection, function(value, index, collection2) {
        accumulator = initAccum ? (initAccum = false, value) : iteratee(accumulator, value, index, collection2);
      });
      return accumulator;
    }
    module.exports = baseReduce;
  })
});

// npm:lodash@4.18.1/reduce.js
var require_reduce = __commonJS({
  "npm:lodash@4.18.1/reduce.js": (function (exports, module) {
    var arrayReduce = require_arrayReduce();
    var baseEach = require_baseEach();
    var baseIteratee = require_baseIteratee();
    var baseReduce = require_baseReduce();
    var isArray = require_isArray();
    function reduce(collection, iteratee, accumulator) {
      var func = isArray(collection) ? arrayReduce : baseReduce, initAccum = arguments.length < 3;
      return func(collection, baseIteratee(iteratee, 4), accumulator, initAccum, baseEach);
    }
    module.exports = reduce;
  })
});

// npm:lodash@4.18.1/_arrayIncludesWith.js
var require_arrayIncludesWith = __commonJS({
  "npm:lodash@4.18.1/_arrayIncludesWith.js": (function (exports, module) {
    function arrayIncludesWith(array, value, comparator) {
      var index = -1, length = array == null ? 0 : array.length;
      while (++index < length) {
        if (comparator(value, array[index])) {
          return true;
        }
      }
      return false;
    }
    module.exports = arrayIncludesWith;
  })
});

// npm:lodash@4.18.1/_createSet.js
var require_createSet = __commonJS({
  "npm:lodash@4.18.1/_createSet.js": (function (exports, module) {
    var Set2 = require_Set();
    var noop = require_noop();
    var setToArray = require_setToArray();
    var INFINITY = 1 / 0;
    var createSet = !(Set2 && 1 / setToArray(new Set2([
      ,
      -0
    ]))[1] == INFINITY) ? noop : function(values) {
      return new Set2(values);
    };
    module.exports = createSet;
  })
});

// npm:lodash@4.18.1/_baseUniq.js
var require_baseUniq = __commonJS({
  "npm:lodash@4.18.1/_baseUniq.js": (function (exports, module) {
    var SetCache = require_SetCache();
    var arrayIncludes = require_arrayIncludes();
    var arrayIncludesWith = require_arrayIncludesWith();
    var cacheHas = require_cacheHas();
    var createSet = require_createSet();
    var setToArray = require_setToArray();
    var LARGE_ARRAY_SIZE = 200;
    function baseUniq(array, iteratee, comparator) {
      var index = -1, includes = arrayIncludes, length = array.length, isCommon = true, result = [], seen = result;
      if (comparator) {
        isCommon = false;
        includes = arrayIncludesWith;
      } else if (length >= LARGE_ARRAY_SIZE) {
        var set = iteratee ? null : createSet(array);
        if (set) {
          return setToArray(set);
        }
        isCommon = false;
        includes = cacheHas;
        seen = new SetCache();
      } else {
        seen = iteratee ? [] : result;
      }
      outer: while (++index < length) {
        var value = array[index], computed = iteratee ? iteratee(value) : value;
        value = comparator || value !== 0 ? value : 0;
        if (isCommon && computed === computed) {
          var seenIndex = seen.length;
          while (seenIndex--) {
            if (seen[seenIndex] === computed) {
              continue outer;
            }
          }
          if (iteratee) {
            seen.push(computed);
          }
          result.push(value);
        } else if (!includes(seen, computed, comparator)) {
          if (seen !== result) {
            seen.push(computed);
          }
          result.push(value);
        }
      }
      return result;
    }
    module.exports = baseUniq;
  })
});

// npm:lodash@4.18.1/uniq.js
var require_uniq = __commonJS({
  "npm:lodash@4.18.1/uniq.js": (function (exports, module) {
    var baseUniq = require_baseUniq();
    function uniq(array) {
      return array && array.length ? baseUniq(array) : [];
    }
    module.exports = uniq;
  })
});

// npm:irc-framework@4.14.0/src/commands/numerics.js
var require_numerics = __commonJS({
  "npm:irc-framework@4.14.0/src/commands/numerics.js": (function (exports, module) {
    "use strict";
    module.exports = {
      "001": "RPL_WELCOME",
      "002": "RPL_YOURHOST",
      "003": "RPL_CREATED",
      "004": "RPL_MYINFO",
      "005": "RPL_ISUPPORT",
      "006": "RPL_MAPMORE",
      "007": "RPL_MAPEND",
      "008": "RPL_SNOMASK",
      "015": "RPL_MAP",
      "017": "RPL_MAPEND",
      "200": "RPL_TRACELINK",
      "201": "RPL_TRACECONNECTING",
      "202": "RPL_TRACEHANDSHAKE",
      "203": "RPL_TRACEUNKNOWN",
      "204": "RPL_TRACEOPERATOR",
      "205": "RPL_TRACEUSER",
      "206": "RPL_TRACESERVER",
      "207": "RPL_TRACESERVICE",
      "208": "RPL_TRACENEWTYPE",
      "209": "RPL_TRACECLASS",
      "210": "RPL_TRACERECONNECT",
      "211": "RPL_STATSLINKINFO",
      "212": "RPL_STATSCOMMANDS",
      "213": "RPL_STATSCLINE",
      "214": "RPL_STATSNLINE",
      "215": "RPL_STATSILINE",
      "216": "RPL_STATSKLINE",
      "217": "RPL_STATSPLINE",
      "218": "RPL_STATSYLINE",
      "219": "RPL_ENDOFSTATS",
      "220": "RPL_STATSBLINE",
      "221": "RPL_UMODEIS",
      "222": "RPL_SQLINE_NICK",
      "223": "RPL_STATS_E",
      "224": "RPL_STATS_D",
      "229": "RPL_SPAMFILTER",
      "231": "RPL_SERVICEINFO",
      "232": "RPL_ENDOFSERVICES",
      "233": "RPL_SERVICE",
      "234": "RPL_SERVLIST",
      "235": "RPL_SERVLISTEND",
      "241": "RPL_STATSLLINE",
      "242": "RPL_STATSUPTIME",
      "243": "RPL_STATSOLINE",
      "244": "RPL_STATSHLINE",
      "245": "RPL_STATSSLINE",
      "246": "RPL_STATSGLINE",
      "247": "RPL_STATSXLINE",
      "248": "RPL_STATSULINE",
      "249": "RPL_STATSDEBUG",
      "250": "RPL_STATSCONN",
      "251": "RPL_LUSERCLIENT",
      "252": "RPL_LUSEROP",
      "253": "RPL_LUSERUNKNOWN",
      "254": "RPL_LUSERCHANNELS",
      "255": "RPL_LUSERME",
      "256": "RPL_ADMINME",
      "257": "RPL_ADMINLOC1",
      "258": "RPL_ADMINLOC2",
      "259": "RPL_ADMINEMAIL",
      "265": "RPL_LOCALUSERS",
      "266": "RPL_GLOBALUSERS",
      "276": "RPL_WHOISCERTFP",
      "290": "RPL_HELPHDR",
      "291": "RPL_HELPOP",
      "292": "RPL_HELPTLR",
      "301": "RPL_AWAY",
      "303": "RPL_ISON",
      "304": "RPL_ZIPSTATS",
      "305": "RPL_UNAWAY",
      "306": "RPL_NOWAWAY",
      "307": "RPL_WHOISREGNICK",
      "310": "RPL_WHOISHELPOP",
      "311": "RPL_WHOISUSER",
      "312": "RPL_WHOISSERVER",
      "313": "RPL_WHOISOPERATOR",
      "314": "RPL_WHOWASUSER",
      "315": "RPL_ENDOFWHO",
      "317": "RPL_WHOISIDLE",
      "318": "RPL_ENDOFWHOIS",
      "319": "RPL_WHOISCHANNELS",
      "320": "RPL_WHOISSPECIAL",
      "321": "RPL_LISTSTART",
      "322": "RPL_LIST",
      "323": "RPL_LISTEND",
      "324": "RPL_CHANNELMODEIS",
      "328": "RPL_CHANNEL_URL",
      "329": "RPL_CREATIONTIME",
      "330": "RPL_WHOISACCOUNT",
      "331": "RPL_NOTOPIC",
      "332": "RPL_TOPIC",
      "333": "RPL_TOPICWHOTIME",
      "335": "RPL_WHOISBOT",
      "338": "RPL_WHOISACTUALLY",
      "341": "RPL_INVITING",
      "344": "RPL_WHOISCOUNTRY",
      "346": "RPL_INVITELIST",
      "347": "RPL_ENDOFINVITELIST",
      "348": "RPL_EXCEPTLIST",
      "349": "RPL_ENDOFEXCEPTLIST",
      "352": "RPL_WHOREPLY",
      "353": "RPL_NAMEREPLY",
      "354": "RPL_WHOSPCRPL",
      "364": "RPL_LINKS",
      "365": "RPL_ENDOFLINKS",
      "366": "RPL_ENDOFNAMES",
      "367": "RPL_BANLIST",
      "368": "RPL_ENDOFBANLIST",
      "369": "RPL_ENDOFWHOWAS",
      "371": "RPL_INFO",
      "372": "RPL_MOTD",
      "374": "RPL_ENDOFINFO",
      "375": "RPL_MOTDSTART",
      "376": "RPL_ENDOFMOTD",
      "378": "RPL_WHOISHOST",
      "379": "RPL_WHOISMODES",
      "381": "RPL_NOWOPER",
      "396": "RPL_HOSTCLOAKING",
      "401": "ERR_NOSUCHNICK",
      "402": "ERR_NOSUCHSERVER",
      "404": "ERR_CANNOTSENDTOCHAN",
      "405": "ERR_TOOMANYCHANNELS",
      "406": "ERR_WASNOSUCHNICK",
      "421": "ERR_UNKNOWNCOMMAND",
      "422": "ERR_NOMOTD",
      "423": "ERR_NOADMININFO",
      "425": "ERR_NOOPERMOTD",
      "432": "ERR_ERRONEOUSNICKNAME",
      "433": "ERR_NICKNAMEINUSE",
      "441": "ERR_USERNOTINCHANNEL",
      "442": "ERR_NOTONCHANNEL",
      "443": "ERR_USERONCHANNEL",
      "451": "ERR_NOTREGISTERED",
      "461": "ERR_NOTENOUGHPARAMS",
      "465": "ERR_YOUREBANNEDCREEP",
      "464": "ERR_PASSWDMISMATCH",
      "470": "ERR_LINKCHANNEL",
      "471": "ERR_CHANNELISFULL",
      "472": "ERR_UNKNOWNMODE",
      "473": "ERR_INVITEONLYCHAN",
      "474": "ERR_BANNEDFROMCHAN",
      "475": "ERR_BADCHANNELKEY",
      "481": "ERR_NOPRIVILEGES",
      "482": "ERR_CHANOPRIVSNEEDED",
      "483": "ERR_CANTKILLSERVER",
      "484": "ERR_ISCHANSERVICE",
      "485": "ERR_ISREALSERVICE",
      "491": "ERR_NOOPERHOST",
      "531": "ERR_CANNOTSENDTOUSER",
      /* InspIRCD specific https://github.com/inspircd/inspircd-contrib/blob/master/3.0/m_asn.cpp */
      "569": "RPL_WHOISASN",
      "670": "RPL_STARTTLS",
      "671": "RPL_WHOISSECURE",
      "704": "RPL_HELPSTART",
      "705": "RPL_HELPTXT",
      "706": "RPL_ENDOFHELP",
      "720": "RPL_OMOTDSTART",
      "721": "RPL_OMOTD",
      "722": "RPL_ENDOFOMOTD",
      "730": "RPL_MONONLINE",
      "731": "RPL_MONOFFLINE",
      "732": "RPL_MONLIST",
      "733": "RPL_ENDOFMONLIST",
      "734": "ERR_MONLISTFULL",
      "900": "RPL_LOGGEDIN",
      "901": "RPL_LOGGEDOUT",
      "902": "ERR_NICKLOCKED",
      "903": "RPL_SASLLOGGEDIN",
      "904": "ERR_SASLFAIL",
      "905": "ERR_SASLTOOLONG",
      "906": "ERR_SASLABORTED",
      "907": "ERR_SASLALREADYAUTHED",
      "972": "ERR_CANNOTDOCOMMAND",
      "WALLOPS": "RPL_WALLOPS"
    };
  })
});

// npm:lodash@4.18.1/_baseMap.js
var require_baseMap = __commonJS({
  "npm:lodash@4.18.1/_baseMap.js": (function (exports, module) {
    var baseEach = require_baseEach();
    var isArrayLike = require_isArrayLike();
    function baseMap(collection, iteratee) {
      var index = -1, result = isArrayLike(collection) ? Array(collection.length) : [];
      baseEach(collection, function(value, key, collection2) {
        result[++index] = iteratee(value, key, collection2);
      });
      return result;
    }
    module.exports = baseMap;
  })
});

// npm:lodash@4.18.1/map.js
var require_map = __commonJS({
  "npm:lodash@4.18.1/map.js": (function (exports, module) {
    var arrayMap = require_arrayMap();
    var baseIteratee = require_baseIteratee();
    var baseMap = require_baseMap();
    var isArray = require_isArray();
    function map(collection, iteratee) {
      var func = isArray(collection) ? arrayMap : baseMap;
      return func(collection, baseIteratee(iteratee, 3));
    }
    module.exports = map;
  })
});

// npm:irc-framework@4.14.0/src/helpers.js
var require_helpers = __commonJS({
  "npm:irc-framework@4.14.0/src/helpers.js": (function (exports, module) {
    "use strict";
    var _ = {
      map: require_map()
    };
    var Helper = {
      parseMask,
      parseWhoFlags,
      splitOnce
    };
    module.exports = Helper;
    function parseMask(mask) {
      let nick = "";
      let user = "";
      let host = "";
      const sep1 = mask.indexOf("!");
      const sep2 = mask.indexOf("@");
      if (sep1 === -1 && sep2 === -1) {
        if (mask.indexOf(".") > -1) {
          host = mask;
        } else {
          nick = mask;
        }
      } else if (sep1 === -1 && sep2 !== -1) {
        nick = mask.substring(0, sep2);
        host = mask.substring(sep2 + 1);
      } else if (sep1 !== -1 && sep2 === -1) {
        nick = mask.substring(0, sep1);
        user = mask.substring(sep1 + 1);
      } else {
        nick = mask.substring(0, sep1);
        user = mask.substring(sep1 + 1, sep2);
        host = mask.substring(sep2 + 1);
      }
      return {
        nick,
        user,
        host
      };
    }
    function parseWhoFlags(flagsParam, networkOptions) {
      const unparsedFlags = flagsParam.split("");
      const parsedFlags = {};
      const hasThenRemove = (flag) => {
        const flagIdx = unparsedFlags.indexOf(flag);
        if (flagIdx > -1) {
          unparsedFlags.splice(flagIdx, 1);
          return true;
        }
        return false;
      };
      parsedFlags.away = !hasThenRemove("H");
      parsedFlags.away = hasThenRemove("G");
      const bot_mode_token = networkOptions.BOT;
      if (bot_mode_token) {
        parsedFlags.bot = hasThenRemove(bot_mode_token);
      }
      parsedFlags.registered = hasThenRemove("r");
      parsedFlags.operator = hasThenRemove("*");
      parsedFlags.secure = hasThenRemove("s");
      const chan_prefixes = networkOptions.PREFIX.filter((f) => hasThenRemove(f.symbol));
      parsedFlags.channel_modes = _.map(chan_prefixes, "mode");
      return {
        parsedFlags,
        unparsedFlags
      };
    }
    function splitOnce(input, separator) {
      if (typeof input !== "string" || typeof separator !== "string") {
        throw new TypeError("input and separator must be strings");
      }
      let splitPos;
      if (separator === "") {
        splitPos = input.indexOf(separator, 1);
        if (splitPos === input.length) {
          splitPos = -1;
        }
      } else {
        splitPos = input.indexOf(separator);
      }
      if (splitPos < 0) {
        return [
          input
        ];
      }
      return [
        input.slice(0, splitPos),
        input.slice(splitPos + separator.length)
      ];
    }
  })
});

// npm:lodash@4.18.1/_baseIntersection.js
var require_baseIntersection = __commonJS({
  "npm:lodash@4.18.1/_baseIntersection.js": (function (exports, module) {
    var SetCache = require_SetCache();
    var arrayIncludes = require_arrayIncludes();
    var arrayIncludesWith = require_arrayIncludesWith();
    var arrayMap = require_arrayMap();
    var baseUnary = require_baseUnary();
    var cacheHas = require_cacheHas();
    var nativeMin = Math.min;
    function baseIntersection(arrays, iteratee, comparator) {
      var includes = comparator ? arrayIncludesWith : arrayIncludes, length = arrays[0].length, othLength = arrays.length, othIndex = othLength, caches = Array(othLength), maxLength = Infinity, result = [];
      while (othIndex--) {
        var array = arrays[othIndex];
        if (othIndex && iteratee) {
          array = arrayMap(array, baseUnary(iteratee));
        }
        maxLength = nativeMin(array.length, maxLength);
        caches[othIndex] = !comparator && (iteratee || length >= 120 && array.length >= 120) ? new SetCache(othIndex && array) : void 0;
      }
      array = arrays[0];
      var index = -1, seen = caches[0];
      outer: while (++index < length && result.length < maxLength) {
        var value = array[index], computed = iteratee ? iteratee(value) : value;
        value = comparator || value !== 0 ? value : 0;
        if (!(seen ? cacheHas(seen, computed) : includes(result, computed, comparator))) {
          othIndex = othLength;
          while (--othIndex) {
            var cache = caches[othIndex];
            if (!(cache ? cacheHas(cache, computed) : includes(arrays[othIndex], computed, comparator))) {
              continue outer;
            }
          }
          if (seen) {
            seen.push(computed);
          }
          result.push(value);
        }
      }
      return result;
    }
    module.exports = baseIntersection;
  })
});

// npm:lodash@4.18.1/isArrayLikeObject.js
var require_isArrayLikeObject = __commonJS({
  "npm:lodash@4.18.1/isArrayLikeObject.js": (function (exports, module) {
    var isArrayLike = require_isArrayLike();
    var isObjectLike = require_isObjectLike();
    function isArrayLikeObject(value) {
      return isObjectLike(value) && isArrayLike(value);
    }
    module.exports = isArrayLikeObject;
  })
});

// npm:lodash@4.18.1/_castArrayLikeObject.js
var require_castArrayLikeObject = __commonJS({
  "npm:lodash@4.18.1/_castArrayLikeObject.js": (function (exports, module) {
    var isArrayLikeObject = require_isArrayLikeObject();
    function castArrayLikeObject(value) {
      return isArrayLikeObject(value) ? value : [];
    }
    module.exports = castArrayLikeObject;
  })
});

// npm:lodash@4.18.1/intersection.js
var require_intersection = __commonJS({
  "npm:lodash@4.18.1/intersection.js": (function (exports, module) {
    var arrayMap = require_arrayMap();
    var baseIntersection = require_baseIntersection();
    var baseRest = require_baseRest();
    var castArrayLikeObject = require_castArrayLikeObject();
    var intersection = baseRest(function(arrays) {
      var mapped = arrayMap(arrays, castArrayLikeObject);
      return mapped.length && mapped[0] === arrays[0] ? baseIntersection(mapped) : [];
    });
    module.exports = intersection;
  })
});

// npm:lodash@4.18.1/_baseDifference.js
var require_baseDifference = __commonJS({
  "npm:lodash@4.18.1/_baseDifference.js": (function (exports, module) {
    var SetCache = require_SetCache();
    var arrayIncludes = require_arrayIncludes();
    var arrayIncludesWith = require_arrayIncludesWith();
    var arrayMap = require_arrayMap();
    var baseUnary = require_baseUnary();
    var cacheHas = require_cacheHas();
    var LARGE_ARRAY_SIZE = 200;
    function baseDifference(array, values, iteratee, comparator) {
      var index = -1, includes = arrayIncludes, isCommon = true, length = array.length, result = [], valuesLength = values.length;
      if (!length) {
        return result;
      }
      if (iteratee) {
        values = arrayMap(values, baseUnary(iteratee));
      }
      if (comparator) {
        includes = arrayIncludesWith;
        isCommon = false;
      } else if (values.length >= LARGE_ARRAY_SIZE) {
        includes = cacheHas;
        isCommon = false;
        values = new SetCache(values);
      }
      outer: while (++index < length) {
        var value = array[index], computed = iteratee == null ? value : iteratee(value);
        value = comparator || value !== 0 ? value : 0;
        if (isCommon && computed === computed) {
          var valuesIndex = valuesLength;
          while (valuesIndex--) {
            if (values[valuesIndex] === computed) {
              continue outer;
            }
          }
          result.push(value);
        } else if (!includes(values, computed, comparator)) {
          result.push(value);
        }
      }
      return result;
    }
    module.exports = baseDifference;
  })
});

// npm:lodash@4.18.1/_isFlattenable.js
var require_isFlattenable = __commonJS({
  "npm:lodash@4.18.1/_isFlattenable.js": (function (exports, module) {
    var Symbol2 = require_Symbol();
    var isArguments = require_isArguments();
    var isArray = require_isArray();
    var spreadableSymbol = Symbol2 ? Symbol2.isConcatSpreadable : void 0;
    function isFlattenable(value) {
      return isArray(value) || isArguments(value) || !!(spreadableSymbol && value && value[spreadableSymbol]);
    }
    module.exports = isFlattenable;
  })
});

// npm:lodash@4.18.1/_baseFlatten.js
var require_baseFlatten = __commonJS({
  "npm:lodash@4.18.1/_baseFlatten.js": (function (exports, module) {
    var arrayPush = require_arrayPush();
    var isFlattenable = require_isFlattenable();
    function baseFlatten(array, depth, predicate, isStrict, result) {
      var index = -1, length = array.length;
      predicate || (predicate = isFlattenable);
      result || (result = []);
      while (++index < length) {
        var value = array[index];
        if (depth > 0 && predicate(value)) {
          if (depth > 1) {
            baseFlatten(value, depth - 1, predicate, isStrict, result);
          } else {
            arrayPush(result, value);
          }
        } else if (!isStrict) {
          result[result.length] = value;
        }
      }
      return result;
    }
    module.exports = baseFlatten;
  })
});

// npm:lodash@4.18.1/difference.js
var require_difference = __commonJS({
  "npm:lodash@4.18.1/difference.js": (function (exports, module) {
    var baseDifference = require_baseDifference();
    var baseFlatten = require_baseFlatten();
    var baseRest = require_baseRest();
    var isArrayLikeObject = require_isArrayLikeObject();
    var difference = baseRest(function(array, values) {
      return isArrayLikeObject(array) ? baseDifference(array, baseFlatten(values, 1, isArrayLikeObject, true)) : [];
    });
    module.exports = difference;
  })
});

// npm:irc-framework@4.14.0/src/commands/handlers/registration.js
var require_registration = __commonJS({
  "npm:irc-framework@4.14.0/src/commands/handlers/registration.js": (function (exports, module) {
    "use strict";
    var Helpers = require_helpers();
    var _ = {
      intersection: require_intersection(),
      difference: require_difference(),
      each: require_each(),
      uniq: require_uniq()
    };
    var handlers = {
      RPL_WELCOME: function(command, handler) {
        const nick = command.params[0];
        handler.network.server = command.prefix;
        handler.network.cap.negotiating = false;
        if (handler.network.cap.isEnabled("server-time")) {
          handler.connection.write("PING " + Date.now());
        }
        handler.emit("registered", {
          nick,
          tags: command.tags
        });
      },
      RPL_YOURHOST: function(command, handler) {
        const param = command.params[1] || "";
        const m = param.match(/running version (.*)$/);
        if (!m) {
          handler.network.ircd = "";
        } else {
          handler.network.ircd = m[1];
        }
      },
      RPL_ISUPPORT: function(command, handler) {
        const options = command.params;
        let i;
        let option;
        let matches;
        let j;
        for (i = 1; i < options.length; i++) {
          option = Helpers.splitOnce(options[i], "=");
          option[0] = option[0].toUpperCase();
          if (option[1]) {
            option[1] = option[1].replace(/\\x([0-9A-Fa-f]{2})/g, (match, hex) => {
              return String.fromCharCode(parseInt(hex, 16));
            });
          }
          handler.network.options[option[0]] = typeof option[1] !== "undefined" ? option[1] : true;
          if (option[0] === "PREFIX") {
            matches = /\(([^)]*)\)(.*)/.exec(option[1]);
            if (matches && matches.length === 3) {
              handler.network.options.PREFIX = [];
              for (j = 0; j < matches[2].length; j++) {
                handler.network.options.PREFIX.push({
                  symbol: matches[2].charAt(j),
                  mode: matches[1].charAt(j)
                });
              }
            } else if (option[1] === "") {
              handler.network.options.PREFIX = [];
            }
          } else if (option[0] === "CHANTYPES") {
            handler.network.options.CHANTYPES = handler.network.options.CHANTYPES.split("");
          } else if (option[0] === "STATUSMSG") {
            handler.network.options.STATUSMSG = handler.network.options.STATUSMSG.split("");
          } else if (option[0] === "CHANMODES") {
            handler.network.options.CHANMODES = option[1].split(",");
          } else if (option[0] === "CASEMAPPING") {
            handler.network.options.CASEMAPPING = option[1];
          } else if (option[0] === "CLIENTTAGDENY") {
            handler.network.options.CLIENTTAGDENY = option[1].split(",").filter((f) => !!f);
          } else if (option[0] === "NETWORK") {
            handler.network.name = option[1];
          } else if (option[0] === "NAMESX" && !handler.network.cap.isEnabled("multi-prefix")) {
            handler.connection.write("PROTOCTL NAMESX");
          }
        }
        handler.emit("server options", {
          options: handler.network.options,
          cap: handler.network.cap.enabled,
          tags: command.tags
        });
      },
      CAP: function(command, handler) {
        let request_caps = [];
        const capability_values = /* @__PURE__ */ Object.create(null);
        const capabilities = command.params[command.params.length - 1].replace(/(?:^| )[-~=]/, "").split(" ").filter((cap) => !!cap).map((cap) => {
          const sep = cap.indexOf("=");
          if (sep === -1) {
            capability_values[cap] = "";
            if (command.params[1] === "LS" || command.params[1] === "NEW") {
              handler.network.cap.available.set(cap, "");
            }
            return cap;
          }
          const cap_name = cap.substr(0, sep);
          const cap_value = cap.substr(sep + 1);
          capability_values[cap_name] = cap_value;
          if (command.params[1] === "LS" || command.params[1] === "NEW") {
            handler.network.cap.available.set(cap_name, cap_value);
          }
          return cap_name;
        });
        let want = [
          "cap-notify",
          "batch",
          "multi-prefix",
          "message-tags",
          "draft/message-tags-0.2",
          "away-notify",
          "invite-notify",
          "account-notify",
          "account-tag",
          "server-time",
          "userhost-in-names",
          "extended-join",
          "znc.in/server-time-iso",
          "znc.in/server-time"
        ];
        const saslAuth = getSaslAuth(handler);
        if (saslAuth || handler.connection.options.sasl_mechanism === "EXTERNAL") {
          want.push("sasl");
        }
        if (handler.connection.options.enable_chghost) {
          want.push("chghost");
        }
        if (handler.connection.options.enable_setname) {
          want.push("setname");
        }
        if (handler.connection.options.enable_echomessage) {
          want.push("echo-message");
        }
        want = _.uniq(want.concat(handler.request_extra_caps));
        switch (command.params[1]) {
          case "LS":
            request_caps = _.intersection(capabilities, want);
            if (request_caps.length > 0) {
              handler.network.cap.requested = handler.network.cap.requested.concat(request_caps);
            }
            if (command.params[2] !== "*") {
              if (handler.network.cap.requested.length > 0) {
                handler.network.cap.negotiating = true;
                handler.connection.write("CAP REQ :" + handler.network.cap.requested.join(" "));
              } else {
                handler.connection.write("CAP END");
                handler.network.cap.negotiating = false;
              }
            }
            break;
          case "ACK":
            if (capabilities.length > 0) {
              handler.network.cap.enabled = _.uniq(handler.network.cap.enabled.concat(capabilities));
              handler.network.cap.requested = _.difference(handler.network.cap.requested, capabilities);
            }
            if (handler.network.cap.negotiating) {
              let authenticating = false;
              if (handler.network.cap.isEnabled("sasl")) {
                const options_mechanism = handler.connection.options.sasl_mechanism;
                const wanted_mechanism = typeof options_mechanism === "string" ? options_mechanism.toUpperCase() : "PLAIN";
                const mechanisms = handler.network.cap.available.get("sasl");
                const valid_mechanisms = mechanisms.toUpperCase().split(",");
                if (!mechanisms || // SASL v3.1
                valid_mechanisms.includes(wanted_mechanism)) {
                  handler.connection.write("AUTHENTICATE " + wanted_mechanism);
                  authenticating = true;
                } else {
                  handleSaslFail(handler, "unsupported_mechanism");
                }
              } else if (saslAuth || handler.connection.options.sasl_mechanism === "EXTERNAL") {
                handleSaslFail(handler, "capability_missing");
              }
              if (!authenticating && handler.network.cap.requested.length === 0) {
                handler.connection.write("CAP END");
                handler.network.cap.negotiating = false;
              }
            }
            break;
          case "NAK":
            if (capabilities.length > 0) {
              handler.network.cap.requested = _.difference(handler.network.cap.requested, capabilities);
            }
            if (handler.network.cap.negotiating && handler.network.cap.requested.length === 0) {
              handler.connection.write("CAP END");
              handler.network.cap.negotiating = false;
            }
            break;
          case "LIST":
            break;
          case "NEW":
            request_caps = [];
            for (let i = 0; i < capabilities.length; i++) {
              const cap = capabilities[i];
              if (want.indexOf(cap) > -1 && request_caps.indexOf(cap) === -1 && !handler.network.cap.isEnabled(cap)) {
                handler.network.cap.requested.push(cap);
                request_caps.push(cap);
              }
            }
            handler.connection.write("CAP REQ :" + request_caps.join(" "));
            break;
          case "DEL":
            handler.network.cap.enabled = _.difference(handler.network.cap.enabled, capabilities);
            for (const cap_name of capabilities) {
              handler.network.cap.available.delete(cap_name);
            }
            break;
        }
        handler.emit("cap " + command.params[1].toLowerCase(), {
          command: command.params[1],
          capabilities: capability_values
        });
      },
      AUTHENTICATE: function(command, handler) {
        if (command.params[0] !== "+") {
          if (handler.network.cap.negotiating) {
            handler.connection.write("CAP END");
            handler.network.cap.negotiating = false;
          }
          return;
        }
        if (handler.connection.options.sasl_mechanism === "EXTERNAL") {
          handler.connection.write("AUTHENTICATE +");
          return;
        }
        const saslAuth = getSaslAuth(handler);
        const auth_str = saslAuth.account + "\0" + saslAuth.account + "\0" + saslAuth.password;
        const b = Buffer.from(auth_str, "utf8");
        const b64 = b.toString("base64");
        const singleAuthCommandLength = 400;
        let sliceOffset = 0;
        while (b64.length > sliceOffset) {
          handler.connection.write("AUTHENTICATE " + b64.substr(sliceOffset, singleAuthCommandLength));
          sliceOffset += singleAuthCommandLength;
        }
        if (b64.length === sliceOffset) {
          handler.connection.write("AUTHENTICATE +");
        }
      },
      RPL_LOGGEDIN: function(command, handler) {
        if (handler.network.cap.negotiating === true) {
          handler.connection.write("CAP END");
          handler.network.cap.negotiating = false;
        }
        const mask = Helpers.parseMask(command.params[1]);
        const time = command.getServerTime();
        handler.emit("loggedin", {
          nick: command.params[0],
          ident: mask.user,
          hostname: mask.host,
          account: command.params[2],
          time,
          tags: command.tags
        });
        handler.emit("account", {
          nick: command.params[0],
          ident: mask.user,
          hostname: mask.host,
          account: command.params[2],
          time,
          tags: command.tags
        });
      },
      RPL_LOGGEDOUT: function(command, handler) {
        const mask = Helpers.parseMask(command.params[1]);
        const time = command.getServerTime();
        handler.emit("loggedout", {
          nick: command.params[0],
          ident: mask.user,
          hostname: mask.host,
          account: false,
          time,
          tags: command.tags
        });
        handler.emit("account", {
          nick: command.params[0],
          ident: mask.user,
          hostname: mask.host,
          account: false,
          time,
          tags: command.tags
        });
      },
      RPL_SASLLOGGEDIN: function(command, handler) {
        if (handler.network.cap.negotiating) {
          handler.connection.write("CAP END");
          handler.network.cap.negotiating = false;
        }
      },
      ERR_NICKLOCKED: function(command, handler) {
        handleSaslFail(handler, "nick_locked", command);
        if (handler.network.cap.negotiating) {
          handler.connection.write("CAP END");
          handler.network.cap.negotiating = false;
        }
      },
      ERR_SASLFAIL: function(command, handler) {
        handleSaslFail(handler, "fail", command);
        if (handler.network.cap.negotiating) {
          handler.connection.write("CAP END");
          handler.network.cap.negotiating = false;
        }
      },
      ERR_SASLTOOLONG: function(command, handler) {
        handleSaslFail(handler, "too_long", command);
        if (handler.network.cap.negotiating) {
          handler.connection.write("CAP END");
          handler.network.cap.negotiating = false;
        }
      },
      ERR_SASLABORTED: function(command, handler) {
        if (handler.network.cap.negotiating) {
          handler.connection.write("CAP END");
          handler.network.cap.negotiating = false;
        }
      },
      ERR_SASLALREADYAUTHED: function(command, handler) {
      }
    };
    function getSaslAuth(handler) {
      const options = handler.connection.options;
      if (options.account && options.account.account) {
        return {
          account: options.account.account,
          password: options.account.password || ""
        };
      } else if (options.account) {
        return null;
      } else if (options.password) {
        return {
          account: options.nick,
          password: options.password
        };
      }
      return null;
    }
    function handleSaslFail(handler, reason, command) {
      const event = {
        reason
      };
      if (command) {
        const time = command.getServerTime();
        event.message = command.params[command.params.length - 1];
        event.nick = command.params[0];
        event.time = time;
        event.tags = command.tags;
      }
      handler.emit("sasl failed", event);
      const sasl_disconnect_on_fail = handler.connection.options.sasl_disconnect_on_fail;
      if (sasl_disconnect_on_fail && handler.network.cap.negotiating) {
        handler.connection.end();
      }
    }
    module.exports = function AddCommandHandlers(command_controller) {
      _.each(handlers, function(handler, handler_command) {
        command_controller.addHandler(handler_command, handler);
      });
    };
  })
});

// npm:irc-framework@4.14.0/src/commands/handlers/channel.js
var require_channel = __commonJS({
  "npm:irc-framework@4.14.0/src/commands/handlers/channel.js": (function (exports, module) {
    "use strict";
    var _ = {
      each: require_each()
    };
    var Helpers = require_helpers();
    var handlers = {
      RPL_CHANNELMODEIS: function(command, handler) {
        const channel = command.params[1];
        const raw_modes = command.params[2];
        const raw_params = command.params.slice(3);
        const modes = handler.parseModeList(raw_modes, raw_params);
        handler.emit("channel info", {
          channel,
          modes,
          raw_modes,
          raw_params,
          tags: command.tags
        });
      },
      RPL_CREATIONTIME: function(command, handler) {
        const channel = command.params[1];
        handler.emit("channel info", {
          channel,
          created_at: parseInt(command.params[2], 10),
          tags: command.tags
        });
      },
      RPL_CHANNEL_URL: function(command, handler) {
        const channel = command.params[1];
        handler.emit("channel info", {
          channel,
          url: command.params[command.params.length - 1],
          tags: command.tags
        });
      },
      RPL_NAMEREPLY: function(command, handler) {
        const members = command.params[command.params.length - 1].split(" ");
        const normalized_channel = handler.client.caseLower(command.params[2]);
        const cache = handler.cache("names." + normalized_channel);
        if (!cache.members) {
          cache.members = [];
        }
        _.each(members, function(member) {
          if (!member) {
            return;
          }
          let j = 0;
          const modes = [];
          let user = null;
          if (handler.network.options.PREFIX) {
            for (j = 0; j < handler.network.options.PREFIX.length; j++) {
              if (member[0] === handler.network.options.PREFIX[j].symbol) {
                modes.push(handler.network.options.PREFIX[j].mode);
                member = member.substring(1);
              }
            }
          }
          user = Helpers.parseMask(member);
          cache.members.push({
            nick: user.nick,
            ident: user.user,
            hostname: user.host,
            modes,
            tags: command.tags
          });
        });
      },
      RPL_ENDOFNAMES: function(command, handler) {
        const normalized_channel = handler.client.caseLower(command.params[1]);
        const cache = handler.cache("names." + normalized_channel);
        handler.emit("userlist", {
          channel: command.params[1],
          users: cache.members || [],
          tags: command.tags
        });
        cache.destroy();
      },
      RPL_INVITELIST: function(command, handler) {
        const normalized_channel = handler.client.caseLower(command.params[1]);
        const cache = handler.cache("inviteList." + normalized_channel);
        if (!cache.invites) {
          cache.invites = [];
        }
        cache.invites.push({
          channel: command.params[1],
          invited: command.params[2],
          invited_by: command.params[3],
          invited_at: command.params[4],
          tags: command.tags
        });
      },
      RPL_ENDOFINVITELIST: function(command, handler) {
        const normalized_channel = handler.client.caseLower(command.params[1]);
        const cache = handler.cache("inviteList." + normalized_channel);
        handler.emit("inviteList", {
          channel: command.params[1],
          invites: cache.invites || [],
          tags: command.tags
        });
        cache.destroy();
      },
      RPL_BANLIST: function(command, handler) {
        const normalized_channel = handler.client.caseLower(command.params[1]);
        const cache = handler.cache("banlist." + normalized_channel);
        if (!cache.bans) {
          cache.bans = [];
        }
        cache.bans.push({
          channel: command.params[1],
          banned: command.params[2],
          banned_by: command.params[3],
          banned_at: command.params[4],
          tags: command.tags
        });
      },
      RPL_ENDOFBANLIST: function(command, handler) {
        const normalized_channel = handler.client.caseLower(command.params[1]);
        const cache = handler.cache("banlist." + normalized_channel);
        handler.emit("banlist", {
          channel: command.params[1],
          bans: cache.bans || [],
          tags: command.tags
        });
        cache.destroy();
      },
      RPL_EXCEPTLIST: function(command, handler) {
        const normalized_channel = handler.client.caseLower(command.params[1]);
        const cache = handler.cache("exceptlist." + normalized_channel);
        if (!cache.excepts) {
          cache.excepts = [];
        }
        cache.excepts.push({
          channel: command.params[1],
          except: command.params[2],
          except_by: command.params[3],
          except_at: command.params[4],
          tags: command.tags
        });
      },
      RPL_ENDOFEXCEPTLIST: function(command, handler) {
        const normalized_channel = handler.client.caseLower(command.params[1]);
        const cache = handler.cache("exceptlist." + normalized_channel);
        handler.emit("exceptlist", {
          channel: command.params[1],
          excepts: cache.excepts || [],
          tags: command.tags
        });
        cache.destroy();
      },
      RPL_TOPIC: function(command, handler) {
        handler.emit("topic", {
          channel: command.params[1],
          topic: command.params[command.params.length - 1],
          tags: command.tags,
          batch: command.batch
        });
      },
      RPL_NOTOPIC: function(command, handler) {
        handler.emit("topic", {
          channel: command.params[1],
          topic: "",
          tags: command.tags,
          batch: command.batch
        });
      },
      RPL_TOPICWHOTIME: function(command, handler) {
        const parsed = Helpers.parseMask(command.params[2]);
        handler.emit("topicsetby", {
          nick: parsed.nick,
          ident: parsed.user,
          hostname: parsed.host,
          channel: command.params[1],
          when: command.params[3],
          tags: command.tags
        });
      },
      JOIN: function(command, handler) {
        let channel;
        let gecos_idx = 1;
        const data = {};
        if (typeof command.params[0] === "string" && command.params[0] !== "") {
          channel = command.params[0];
        }
        if (handler.network.cap.isEnabled("extended-join")) {
          data.account = command.params[1] === "*" ? false : command.params[1];
          gecos_idx = 2;
        }
        data.nick = command.nick;
        data.ident = command.ident;
        data.hostname = command.hostname;
        data.gecos = command.params[gecos_idx] || "";
        data.channel = channel;
        data.time = command.getServerTime();
        data.tags = command.tags;
        data.batch = command.batch;
        handler.emit("join", data);
      },
      PART: function(command, handler) {
        const time = command.getServerTime();
        handler.emit("part", {
          nick: command.nick,
          ident: command.ident,
          hostname: command.hostname,
          channel: command.params[0],
          message: command.params[command.params.length - 1] || "",
          time,
          tags: command.tags,
          batch: command.batch
        });
      },
      KICK: function(command, handler) {
        const time = command.getServerTime();
        handler.emit("kick", {
          kicked: command.params[1],
          nick: command.nick,
          ident: command.ident,
          hostname: command.hostname,
          channel: command.params[0],
          message: command.params[command.params.length - 1] || "",
          time,
          tags: command.tags,
          batch: command.batch
        });
      },
      QUIT: function(command, handler) {
        const time = command.getServerTime();
        handler.emit("quit", {
          nick: command.nick,
          ident: command.ident,
          hostname: command.hostname,
          message: command.params[command.params.length - 1] || "",
          time,
          tags: command.tags,
          batch: command.batch
        });
      },
      TOPIC: function(command, handler) {
        if (!command.params[0]) {
          return;
        }
        const time = command.getServerTime();
        const channel = command.params[0];
        const topic = command.params[command.params.length - 1] || "";
        handler.emit("topic", {
          nick: command.nick,
          channel,
          topic,
          time,
          tags: command.tags
        });
      },
      INVITE: function(command, handler) {
        const time = command.getServerTime();
        handler.emit("invite", {
          nick: command.nick,
          ident: command.ident,
          hostname: command.hostname,
          invited: command.params[0],
          channel: command.params[1],
          time,
          tags: command.tags
        });
      },
      RPL_INVITING: function(command, handler) {
        const time = command.getServerTime();
        handler.emit("invited", {
          nick: command.params[1],
          channel: command.params[2],
          time,
          tags: command.tags
        });
      }
    };
    module.exports = function AddCommandHandlers(command_controller) {
      _.each(handlers, function(handler, handler_command) {
        command_controller.addHandler(handler_command, handler);
      });
    };
  })
});

// npm:irc-framework@4.14.0/src/commands/handlers/user.js
var require_user = __commonJS({
  "npm:irc-framework@4.14.0/src/commands/handlers/user.js": (function (exports, module) {
    "use strict";
    var _ = {
      each: require_each(),
      map: require_map()
    };
    var Helpers = require_helpers();
    var handlers = {
      NICK: function(command, handler) {
        const time = command.getServerTime();
        handler.emit("nick", {
          nick: command.nick,
          ident: command.ident,
          hostname: command.hostname,
          new_nick: command.params[0],
          time,
          tags: command.tags,
          batch: command.batch
        });
      },
      ACCOUNT: function(command, handler) {
        const time = command.getServerTime();
        const account = command.params[0] === "*" ? false : command.params[0];
        handler.emit("account", {
          nick: command.nick,
          ident: command.ident,
          hostname: command.hostname,
          account,
          time,
          tags: command.tags
        });
      },
      // If the chghost CAP is enabled and 'enable_chghost' option is true
      CHGHOST: function(command, handler) {
        const time = command.getServerTime();
        handler.emit("user updated", {
          nick: command.nick,
          ident: command.ident,
          hostname: command.hostname,
          new_ident: command.params[0],
          new_hostname: command.params[1],
          time,
          tags: command.tags,
          batch: command.batch
        });
      },
      SETNAME: function(command, handler) {
        const time = command.getServerTime();
        handler.emit("user updated", {
          nick: command.nick,
          ident: command.ident,
          hostname: command.hostname,
          new_gecos: command.params[0],
          time,
          tags: command.tags,
          batch: command.batch
        });
      },
      AWAY: function(command, handler) {
        const time = command.getServerTime();
        const message = command.params[command.params.length - 1] || "";
        if (message === "") {
          handler.emit("back", {
            self: false,
            nick: command.nick,
            message: "",
            time,
            tags: command.tags
          });
        } else {
          handler.emit("away", {
            self: false,
            nick: command.nick,
            message,
            time,
            tags: command.tags
          });
        }
      },
      RPL_NOWAWAY: function(command, handler) {
        const time = command.getServerTime();
        handler.emit("away", {
          self: true,
          nick: command.params[0],
          message: command.params[1] || "",
          time,
          tags: command.tags
        });
      },
      RPL_UNAWAY: function(command, handler) {
        const time = command.getServerTime();
        handler.emit("back", {
          self: true,
          nick: command.params[0],
          message: command.params[1] || "",
          time,
          tags: command.tags
        });
      },
      RPL_ISON: function(command, handler) {
        handler.emit("users online", {
          nicks: (command.params[command.params.length - 1] || "").split(" "),
          tags: command.tags
        });
      },
      ERR_NICKNAMEINUSE: function(command, handler) {
        handler.emit("nick in use", {
          nick: command.params[1],
          reason: command.params[command.params.length - 1],
          tags: command.tags
        });
      },
      ERR_ERRONEOUSNICKNAME: function(command, handler) {
        handler.emit("nick invalid", {
          nick: command.params[1],
          reason: command.params[command.params.length - 1],
          tags: command.tags
        });
      },
      RPL_ENDOFWHOIS: function(command, handler) {
        const cache_key = command.params[1].toLowerCase();
        const cache = handler.cache("whois." + cache_key);
        if (!cache.nick) {
          cache.nick = command.params[1];
          cache.error = "not_found";
        }
        handler.emit("whois", cache);
        cache.destroy();
      },
      RPL_AWAY: function(command, handler) {
        const cache_key = "whois." + command.params[1].toLowerCase();
        const message = command.params[command.params.length - 1] || "is away";
        if (!handler.hasCache(cache_key)) {
          const time = command.getServerTime();
          handler.emit("away", {
            self: false,
            nick: command.params[1],
            message,
            time,
            tags: command.tags
          });
          return;
        }
        const cache = handler.cache(cache_key);
        cache.away = message;
      },
      RPL_WHOISUSER: function(command, handler) {
        const cache_key = command.params[1].toLowerCase();
        const cache = handler.cache("whois." + cache_key);
        cache.nick = command.params[1];
        cache.ident = command.params[2];
        cache.hostname = command.params[3];
        cache.real_name = command.params[5];
      },
      RPL_WHOISHELPOP: function(command, handler) {
        const cache_key = command.params[1].toLowerCase();
        const cache = handler.cache("whois." + cache_key);
        cache.helpop = command.params[command.params.length - 1];
      },
      RPL_WHOISBOT: function(command, handler) {
        const cache_key = command.params[1].toLowerCase();
        const cache = handler.cache("whois." + cache_key);
        cache.bot = command.params[command.params.length - 1];
      },
      RPL_WHOISSERVER: function(command, handler) {
        const cache_key = command.params[1].toLowerCase();
        const cache = handler.cache("whois." + cache_key);
        cache.server = command.params[2];
        cache.server_info = command.params[command.params.length - 1];
      },
      RPL_WHOISOPERATOR: function(command, handler) {
        const cache_key = command.params[1].toLowerCase();
        const cache = handler.cache("whois." + cache_key);
        cache.operator = command.params[command.params.length - 1];
      },
      RPL_WHOISCHANNELS: function(command, handler) {
        const cache_key = command.params[1].toLowerCase();
        const cache = handler.cache("whois." + cache_key);
        if (cache.channels) {
          cache.channels += " " + command.params[command.params.length - 1];
        } else {
          cache.channels = command.params[command.params.length - 1];
        }
      },
      RPL_WHOISMODES: function(command, handler) {
        const cache_key = command.params[1].toLowerCase();
        const cache = handler.cache("whois." + cache_key);
        cache.modes = command.params[command.params.length - 1];
      },
      RPL_WHOISIDLE: function(command, handler) {
        const cache_key = command.params[1].toLowerCase();
        const cache = handler.cache("whois." + cache_key);
        cache.idle = command.params[2];
        if (command.params[3]) {
          cache.logon = command.params[3];
        }
      },
      RPL_WHOISREGNICK: function(command, handler) {
        const cache_key = command.params[1].toLowerCase();
        const cache = handler.cache("whois." + cache_key);
        cache.registered_nick = command.params[command.params.length - 1];
      },
      RPL_WHOISHOST: function(command, handler) {
        const cache_key = command.params[1].toLowerCase();
        const cache = handler.cache("whois." + cache_key);
        const last_param = command.params[command.params.length - 1];
        const match = last_param.match(/.*@([^ ]+) ([^ ]+).*$/);
        if (!match) {
          return;
        }
        cache.actual_ip = match[2];
        cache.actual_hostname = match[1];
      },
      RPL_WHOISSECURE: function(command, handler) {
        const cache_key = command.params[1].toLowerCase();
        const cache = handler.cache("whois." + cache_key);
        cache.secure = true;
      },
      RPL_WHOISCERTFP: function(command, handler) {
        const cache_key = command.params[1].toLowerCase();
        const cache = handler.cache("whois." + cache_key);
        const certfp = command.params[command.params.length - 1];
        cache.certfp = cache.certfp || certfp;
        cache.certfps = cache.certfps || [];
        cache.certfps.push(certfp);
      },
      RPL_WHOISACCOUNT: function(command, handler) {
        const cache_key = command.params[1].toLowerCase();
        const cache = handler.cache("whois." + cache_key);
        cache.account = command.params[2];
      },
      RPL_WHOISSPECIAL: function(command, handler) {
        const cache_key = command.params[1].toLowerCase();
        const cache = handler.cache("whois." + cache_key);
        cache.special = cache.special || [];
        cache.special.push(command.params[command.params.length - 1]);
      },
      RPL_WHOISCOUNTRY: function(command, handler) {
        const cache_key = command.params[1].toLowerCase();
        const cache = handler.cache("whois." + cache_key);
        cache.country = command.params[command.params.length - 1];
        if (command.params.length === 4) {
          cache.country_code = command.params[2];
        }
      },
      RPL_WHOISASN: function(command, handler) {
        const cache_key = command.params[1].toLowerCase();
        const cache = handler.cache("whois." + cache_key);
        cache.asn = command.params[command.params.length - 1];
      },
      RPL_WHOISACTUALLY: function(command, handler) {
        const cache_key = command.params[1].toLowerCase();
        const cache = handler.cache("whois." + cache_key);
        const user_host = command.params[command.params.length - 3] || "";
        const mask_sep = user_host.indexOf("@");
        const user = user_host.substring(0, mask_sep) || void 0;
        const host = user_host.substring(mask_sep + 1);
        const ip = command.params[command.params.length - 2];
        if (ip && host) {
          cache.actual_ip = ip;
          cache.actual_username = user;
          cache.actual_hostname = host;
        }
      },
      RPL_WHOWASUSER: function(command, handler) {
        const cache_key = command.params[1].toLowerCase();
        let whois_cache = handler.cache("whois." + cache_key);
        const whowas_cache = handler.cache("whowas." + cache_key);
        if (!whowas_cache.whowas) {
          whowas_cache.whowas = [];
        } else {
          whowas_cache.whowas.push(whois_cache);
          whois_cache.destroy();
          whois_cache = handler.cache("whois." + cache_key);
        }
        whois_cache.nick = command.params[1];
        whois_cache.ident = command.params[2];
        whois_cache.hostname = command.params[3];
        whois_cache.real_name = command.params[command.params.length - 1];
      },
      RPL_ENDOFWHOWAS: function(command, handler) {
        const cache_key = command.params[1].toLowerCase();
        const whois_cache = handler.cache("whois." + cache_key);
        const whowas_cache = handler.cache("whowas." + cache_key);
        whowas_cache.whowas = whowas_cache.whowas || [];
        if (!whois_cache.error) {
          whowas_cache.whowas.push(whois_cache);
          Object.assign(whowas_cache, whowas_cache.whowas[0]);
        } else {
          Object.assign(whowas_cache, whois_cache);
        }
        handler.emit("whowas", whowas_cache);
        whois_cache.destroy();
        whowas_cache.destroy();
      },
      ERR_WASNOSUCHNICK: function(command, handler) {
        const cache_key = command.params[1].toLowerCase();
        const cache = handler.cache("whois." + cache_key);
        cache.nick = command.params[1];
        cache.error = "no_such_nick";
      },
      RPL_UMODEIS: function(command, handler) {
        const nick = command.params[0];
        const raw_modes = command.params[1];
        handler.emit("user info", {
          nick,
          raw_modes,
          tags: command.tags
        });
      },
      RPL_HOSTCLOAKING: function(command, handler) {
        handler.emit("displayed host", {
          nick: command.params[0],
          hostname: command.params[1],
          tags: command.tags
        });
      },
      RPL_MONONLINE: function(command, handler) {
        const users = (command.params[command.params.length - 1] || "").split(",");
        const parsed = _.map(users, (user) => Helpers.parseMask(user).nick);
        handler.emit("users online", {
          nicks: parsed,
          tags: command.tags
        });
      },
      RPL_MONOFFLINE: function(command, handler) {
        const users = (command.params[command.params.length - 1] || "").split(",");
        handler.emit("users offline", {
          nicks: users,
          tags: command.tags
        });
      },
      RPL_MONLIST: function(command, handler) {
        const cache = handler.cache("monitorList." + command.params[0]);
        if (!cache.nicks) {
          cache.nicks = [];
        }
        const users = command.params[command.params.length - 1].split(",");
        cache.nicks.push(...users);
      },
      RPL_ENDOFMONLIST: function(command, handler) {
        const cache = handler.cache("monitorList." + command.params[0]);
        handler.emit("monitorList", {
          nicks: cache.nicks || []
        });
        cache.destroy();
      }
    };
    module.exports = function AddCommandHandlers(command_controller) {
      _.each(handlers, function(handler, handler_command) {
        command_controller.addHandler(handler_command, handler);
      });
    };
  })
});

// npm:irc-framework@4.14.0/src/commands/handlers/messaging.js
var require_messaging = __commonJS({
  "npm:irc-framework@4.14.0/src/commands/handlers/messaging.js": (function (exports, module) {
    "use strict";
    var _ = {
      each: require_each(),
      find: require_find()
    };
    var util = __require("node:util");
    var handlers = {
      NOTICE: function(command, handler) {
        const time = command.getServerTime();
        const message = command.params[command.params.length - 1];
        let target = command.params[0];
        let target_group;
        if (message.charAt(0) === "" && message.charAt(message.length - 1) === "") {
          handler.emit("ctcp response", {
            nick: command.nick,
            ident: command.ident,
            hostname: command.hostname,
            target,
            type: (message.substring(1, message.length - 1).split(" ") || [
              null
            ])[0],
            message: message.substring(1, message.length - 1),
            time,
            account: command.getTag("account"),
            tags: command.tags
          });
        } else {
          const parsed_target = handler.network.extractTargetGroup(target);
          if (parsed_target) {
            target = parsed_target.target;
            target_group = parsed_target.target_group;
          }
          handler.emit("notice", {
            from_server: !command.nick,
            nick: command.nick,
            ident: command.ident,
            hostname: command.hostname,
            target,
            group: target_group,
            message,
            tags: command.tags,
            time,
            account: command.getTag("account"),
            batch: command.batch
          });
        }
      },
      PRIVMSG: function(command, handler) {
        const time = command.getServerTime();
        const message = command.params[command.params.length - 1];
        let target = command.params[0];
        let target_group;
        const parsed_target = handler.network.extractTargetGroup(target);
        if (parsed_target) {
          target = parsed_target.target;
          target_group = parsed_target.target_group;
        }
        if (message.charAt(0) === "" && message.charAt(message.length - 1) === "") {
          const ctcp_command = message.slice(1, -1).split(" ")[0].toUpperCase();
          if (ctcp_command === "ACTION") {
            handler.emit("action", {
              from_server: !command.nick,
              nick: command.nick,
              ident: command.ident,
              hostname: command.hostname,
              target,
              group: target_group,
              message: message.substring(8, message.length - 1),
              tags: command.tags,
              time,
              account: command.getTag("account"),
              batch: command.batch
            });
          } else if (ctcp_command === "VERSION" && handler.connection.options.version) {
            handler.connection.write(util.format("NOTICE %s :VERSION %s", command.nick, handler.connection.options.version));
          } else {
            handler.emit("ctcp request", {
              from_server: !command.nick,
              nick: command.nick,
              ident: command.ident,
              hostname: command.hostname,
              target,
              group: target_group,
              type: ctcp_command || null,
              message: message.substring(1, message.length - 1),
              time,
              account: command.getTag("account"),
              tags: command.tags
            });
          }
        } else {
          handler.emit("privmsg", {
            from_server: !command.nick,
            nick: command.nick,
            ident: command.ident,
            hostname: command.hostname,
            target,
            group: target_group,
            message,
            tags: command.tags,
            time,
            account: command.getTag("account"),
            batch: command.batch
          });
        }
      },
      TAGMSG: function(command, handler) {
        const time = command.getServerTime();
        const target = command.params[0];
        handler.emit("tagmsg", {
          from_server: !command.nick,
          nick: command.nick,
          ident: command.ident,
          hostname: command.hostname,
          target,
          tags: command.tags,
          time,
          account: command.getTag("account"),
          batch: command.batch
        });
      },
      RPL_WALLOPS: function(command, handler) {
        handler.emit("wallops", {
          from_server: false,
          nick: command.nick,
          ident: command.ident,
          hostname: command.hostname,
          message: command.params[command.params.length - 1],
          account: command.getTag("account"),
          tags: command.tags
        });
      }
    };
    module.exports = function AddCommandHandlers(command_controller) {
      _.each(handlers, function(handler, handler_command) {
        command_controller.addHandler(handler_command, handler);
      });
    };
  })
});

// npm:irc-framework@4.14.0/src/commands/handlers/misc.js
var require_misc = __commonJS({
  "npm:irc-framework@4.14.0/src/commands/handlers/misc.js": (function (exports, module) {
    "use strict";
    var _ = {
      each: require_each(),
      clone: require_clone(),
      map: require_map()
    };
    var Helpers = require_helpers();
    var handlers = {
      RPL_LISTSTART: function(command, handler) {
        const cache = getChanListCache(handler);
        cache.channels = [];
        handler.emit("channel list start");
      },
      RPL_LISTEND: function(command, handler) {
        const cache = getChanListCache(handler);
        if (cache.channels.length) {
          handler.emit("channel list", cache.channels);
          cache.channels = [];
        }
        cache.destroy();
        handler.emit("channel list end");
      },
      RPL_LIST: function(command, handler) {
        const cache = getChanListCache(handler);
        cache.channels.push({
          channel: command.params[1],
          num_users: parseInt(command.params[2], 10),
          topic: command.params[3] || "",
          tags: command.tags
        });
        if (cache.channels.length >= 50) {
          handler.emit("channel list", cache.channels);
          cache.channels = [];
        }
      },
      RPL_MOTD: function(command, handler) {
        const cache = handler.cache("motd");
        cache.motd += command.params[command.params.length - 1] + "\n";
      },
      RPL_MOTDSTART: function(command, handler) {
        const cache = handler.cache("motd");
        cache.motd = "";
      },
      RPL_ENDOFMOTD: function(command, handler) {
        const cache = handler.cache("motd");
        handler.emit("motd", {
          motd: cache.motd,
          tags: command.tags
        });
        cache.destroy();
      },
      ERR_NOMOTD: function(command, handler) {
        const params = _.clone(command.params);
        params.shift();
        handler.emit("motd", {
          error: command.params[command.params.length - 1],
          tags: command.tags
        });
      },
      RPL_OMOTD: function(command, handler) {
        const cache = handler.cache("oper motd");
        cache.motd += command.params[command.params.length - 1] + "\n";
      },
      RPL_OMOTDSTART: function(command, handler) {
        const cache = handler.cache("oper motd");
        cache.motd = "";
      },
      RPL_ENDOFOMOTD: function(command, handler) {
        const cache = handler.cache("oper motd");
        handler.emit("motd", {
          motd: cache.motd,
          tags: command.tags
        });
        cache.destroy();
      },
      ERR_NOOPERMOTD: function(command, handler) {
        const params = _.clone(command.params);
        params.shift();
        handler.emit("motd", {
          error: command.params[command.params.length - 1],
          tags: command.tags
        });
      },
      RPL_WHOREPLY: function(command, handler) {
        const cache = handler.cache("who");
        if (!cache.members) {
          cache.members = [];
        }
        const params = command.params;
        const { parsedFlags, unparsedFlags } = Helpers.parseWhoFlags(params[6], handler.network.options);
        let hops_away = 0;
        let realname = params[7];
        const space_idx = realname.indexOf(" ");
        if (space_idx > -1) {
          hops_away = parseInt(realname.substr(0, space_idx), 10);
          realname = realname.substr(space_idx + 1);
        }
        cache.members.push({
          nick: params[5],
          ident: params[2],
          hostname: params[3],
          server: params[4],
          real_name: realname,
          num_hops_away: hops_away,
          channel: params[1],
          tags: command.tags,
          unparsed_flags: unparsedFlags,
          ...parsedFlags
        });
      },
      RPL_WHOSPCRPL: function(command, handler) {
        const cache = handler.cache("who");
        if (!cache.members) {
          cache.members = [];
          cache.type = "whox";
        }
        const client = handler.client;
        const params = command.params;
        if (cache.token === 0) {
          return;
        }
        if (!cache.token) {
          const token = parseInt(params[1], 10) || 0;
          if (token && params.length === 12 && client.whox_token.validate(token)) {
            cache.token = token;
          } else {
            cache.token = 0;
            return;
          }
        }
        const { parsedFlags, unparsedFlags } = Helpers.parseWhoFlags(params[7], handler.network.options);
        const op_level = /^[0-9]+$/.test(params[10]) ? parseInt(params[10], 10) : void 0;
        cache.members.push({
          nick: params[6],
          ident: params[3],
          hostname: params[4],
          server: params[5],
          op_level,
          real_name: params[11],
          account: params[9] === "0" ? "" : params[9],
          num_hops_away: parseInt(params[8], 10),
          channel: params[2],
          tags: command.tags,
          unparsed_flags: unparsedFlags,
          ...parsedFlags
        });
      },
      RPL_ENDOFWHO: function(command, handler) {
        const cache = handler.cache("who");
        if (cache.type === "whox" && !cache.token) {
          cache.destroy();
          return;
        }
        handler.emit("wholist", {
          target: command.params[1],
          users: cache.members || [],
          tags: command.tags
        });
        cache.destroy();
      },
      PING: function(command, handler) {
        handler.connection.write("PONG " + command.params[command.params.length - 1]);
        const time = command.getServerTime();
        handler.emit("ping", {
          message: command.params[1],
          time,
          tags: command.tags
        });
      },
      PONG: function(command, handler) {
        const time = command.getServerTime();
        if (time) {
          handler.network.addServerTimeOffset(time);
        }
        handler.emit("pong", {
          message: command.params[1],
          time,
          tags: command.tags
        });
      },
      MODE: function(command, handler) {
        const time = command.getServerTime();
        const raw_modes = command.params[1];
        const raw_params = command.params.slice(2);
        const modes = handler.parseModeList(raw_modes, raw_params);
        handler.emit("mode", {
          target: command.params[0],
          nick: command.nick || command.prefix || "",
          modes,
          time,
          raw_modes,
          raw_params,
          tags: command.tags,
          batch: command.batch
        });
      },
      RPL_LINKS: function(command, handler) {
        const cache = handler.cache("links");
        cache.links = cache.links || [];
        cache.links.push({
          address: command.params[1],
          access_via: command.params[2],
          hops: parseInt(command.params[3].split(" ")[0]),
          description: command.params[3].split(" ").splice(1).join(" "),
          tags: command.tags
        });
      },
      RPL_ENDOFLINKS: function(command, handler) {
        const cache = handler.cache("links");
        handler.emit("server links", {
          links: cache.links
        });
        cache.destroy();
      },
      RPL_INFO: function(command, handler) {
        const cache = handler.cache("info");
        if (!cache.info) {
          cache.info = "";
        }
        cache.info += command.params[command.params.length - 1] + "\n";
      },
      RPL_ENDOFINFO: function(command, handler) {
        const cache = handler.cache("info");
        handler.emit("info", {
          info: cache.info,
          tags: command.tags
        });
        cache.destroy();
      },
      RPL_HELPSTART: function(command, handler) {
        const cache = handler.cache("help");
        cache.help = command.params[command.params.length - 1] + "\n";
      },
      RPL_HELPTXT: function(command, handler) {
        const cache = handler.cache("help");
        cache.help += command.params[command.params.length - 1] + "\n";
      },
      RPL_ENDOFHELP: function(command, handler) {
        const cache = handler.cache("help");
        handler.emit("help", {
          help: cache.help,
          tags: command.tags
        });
        cache.destroy();
      },
      BATCH: function(command, handler) {
        const batch_start = command.params[0].substr(0, 1) === "+";
        const batch_id = command.params[0].substr(1);
        const cache_key = "batch." + batch_id;
        if (!batch_id) {
          return;
        }
        if (batch_start) {
          const cache2 = handler.cache(cache_key);
          cache2.commands = [];
          cache2.type = command.params[1];
          cache2.params = command.params.slice(2);
          return;
        }
        if (!handler.hasCache(cache_key)) {
          return;
        }
        const cache = handler.cache(cache_key);
        const emit_obj = {
          id: batch_id,
          type: cache.type,
          params: cache.params,
          commands: cache.commands
        };
        cache.destroy();
        handler.emit("batch start", emit_obj);
        handler.emit("batch start " + emit_obj.type, emit_obj);
        emit_obj.commands.forEach((c) => {
          c.batch = {
            id: batch_id,
            type: cache.type,
            params: cache.params
          };
          handler.executeCommand(c);
        });
        handler.emit("batch end", emit_obj);
        handler.emit("batch end " + emit_obj.type, emit_obj);
      }
    };
    module.exports = function AddCommandHandlers(command_controller) {
      _.each(handlers, function(handler, handler_command) {
        command_controller.addHandler(handler_command, handler);
      });
    };
    function getChanListCache(handler) {
      const cache = handler.cache("chanlist");
      if (!cache.channels) {
        cache.channels = [];
      }
      return cache;
    }
  })
});

// npm:irc-framework@4.14.0/src/commands/handlers/generics.js
var require_generics = __commonJS({
  "npm:irc-framework@4.14.0/src/commands/handlers/generics.js": (function (exports, module) {
    "use strict";
    var generics = {
      ERROR: {
        event: "irc error",
        error: "irc",
        reason: -1
      },
      ERR_PASSWDMISMATCH: {
        event: "irc error",
        error: "password_mismatch"
      },
      ERR_LINKCHANNEL: {
        event: "channel_redirect",
        from: 1,
        to: 2
      },
      ERR_NOSUCHNICK: {
        event: "irc error",
        error: "no_such_nick",
        nick: 1,
        reason: -1
      },
      ERR_NOSUCHSERVER: {
        event: "irc error",
        error: "no_such_server",
        server: 1,
        reason: -1
      },
      ERR_CANNOTSENDTOCHAN: {
        event: "irc error",
        error: "cannot_send_to_channel",
        channel: 1,
        reason: -1
      },
      ERR_CANNOTSENDTOUSER: {
        event: "irc error",
        error: "cannot_send_to_user",
        nick: 1,
        reason: -1
      },
      ERR_TOOMANYCHANNELS: {
        event: "irc error",
        error: "too_many_channels",
        channel: 1,
        reason: -1
      },
      ERR_USERNOTINCHANNEL: {
        event: "irc error",
        error: "user_not_in_channel",
        nick: 0,
        channel: 1,
        reason: -1
      },
      ERR_NOTONCHANNEL: {
        event: "irc error",
        error: "not_on_channel",
        channel: 1,
        reason: -1
      },
      ERR_USERONCHANNEL: {
        event: "irc error",
        error: "user_on_channel",
        nick: 1,
        channel: 2
      },
      ERR_CHANNELISFULL: {
        event: "irc error",
        error: "channel_is_full",
        channel: 1,
        reason: -1
      },
      ERR_INVITEONLYCHAN: {
        event: "irc error",
        error: "invite_only_channel",
        channel: 1,
        reason: -1
      },
      ERR_BANNEDFROMCHAN: {
        event: "irc error",
        error: "banned_from_channel",
        channel: 1,
        reason: -1
      },
      ERR_BADCHANNELKEY: {
        event: "irc error",
        error: "bad_channel_key",
        channel: 1,
        reason: -1
      },
      ERR_CHANOPRIVSNEEDED: {
        event: "irc error",
        error: "chanop_privs_needed",
        channel: 1,
        reason: -1
      },
      ERR_UNKNOWNCOMMAND: {
        event: "irc error",
        error: "unknown_command",
        command: 1,
        reason: -1
      },
      ERR_YOUREBANNEDCREEP: {
        event: "irc error",
        error: "banned_from_network",
        reason: -1
      },
      ERR_MONLISTFULL: {
        event: "irc error",
        error: "monitor_list_full",
        reason: -1
      }
    };
    var generic_keys = Object.keys(generics);
    module.exports = function AddCommandHandlers(command_controller) {
      generic_keys.forEach(function(generic_command) {
        const generic = generics[generic_command];
        command_controller.addHandler(generic_command, function(command, handler) {
          const event_obj = {};
          const event_keys = Object.keys(generic);
          let val;
          for (let i = 0; i < event_keys.length; i++) {
            if (event_keys[i] === "event") {
              continue;
            }
            val = generic[event_keys[i]];
            if (typeof val === "string") {
              event_obj[event_keys[i]] = val;
            } else if (val >= 0) {
              event_obj[event_keys[i]] = command.params[val];
            } else if (val < 0) {
              event_obj[event_keys[i]] = command.params[command.params.length + val];
            }
          }
          if (event_obj.channel) {
            const parsed = handler.network.extractTargetGroup(event_obj.channel);
            if (parsed) {
              event_obj.channel = parsed.target;
              event_obj.target_group = parsed.target_group;
            }
          }
          handler.emit(generic.event, event_obj);
        });
      });
    };
  })
});

// npm:irc-framework@4.14.0/src/commands/handler.js
var require_handler = __commonJS({
  "npm:irc-framework@4.14.0/src/commands/handler.js": (function (exports, module) {
    "use strict";
    var _ = {
      reduce: require_reduce(),
      find: require_find(),
      uniq: require_uniq()
    };
    var EventEmitter = require__();
    var irc_numerics = require_numerics();
    var IrcCommand = require_command();
    module.exports = class IrcCommandHandler extends EventEmitter {
      constructor(client) {
        super();
        this.addAllEventName();
        this.client = client;
        this.connection = client.connection;
        this.network = client.network;
        this.handlers = [];
        this.request_extra_caps = [];
        this.resetCache();
        require_registration()(this);
        require_channel()(this);
        require_user()(this);
        require_messaging()(this);
        require_misc()(this);
        require_generics()(this);
      }
      dispatch(message) {
        const irc_command = new IrcCommand(message.command.toUpperCase(), message);
        const batch_id = irc_command.getTag("batch");
        if (batch_id) {
          const cache_key = "batch." + batch_id;
          if (this.hasCache(cache_key)) {
            const cache = this.cache(cache_key);
            cache.commands.push(irc_command);
          } else {
          }
        } else {
          this.executeCommand(irc_command);
        }
      }
      executeCommand(irc_command) {
        let command_name = irc_command.command;
        if (irc_numerics[irc_command.command.toUpperCase()]) {
          command_name = irc_numerics[irc_command.command.toUpperCase()];
        }
        if (this.handlers[command_name]) {
          this.handlers[command_name](irc_command, this);
        } else {
          this.emitUnknownCommand(irc_command);
        }
      }
      requestExtraCaps(cap) {
        this.request_extra_caps = _.uniq(this.request_extra_caps.concat(cap));
      }
      addHandler(command, handler) {
        if (typeof handler !== "function") {
          return false;
        }
        this.handlers[command] = handler;
      }
      emitUnknownCommand(command) {
        this.emit("unknown command", command);
      }
      // Adds an 'all' event to .emit()
      addAllEventName() {
        const original_emit = this.emit;
        this.emit = function() {
          const args = Array.prototype.slice.call(arguments, 0);
          original_emit.apply(this, [
            "all"
          ].concat(args));
          original_emit.apply(this, args);
        };
      }
      /**
      * Convert a mode string such as '+k pass', or '-i' to a readable
      * format.
      * [ { mode: '+k', param: 'pass' } ]
      * [ { mode: '-i', param: null } ]
      */
      parseModeList(mode_string, mode_params) {
        const chanmodes = this.network.options.CHANMODES || [];
        let prefixes = this.network.options.PREFIX || [];
        let always_param = (chanmodes[0] || "").concat(chanmodes[1] || "");
        const modes = [];
        let i;
        let j;
        let add;
        if (!mode_string) {
          return modes;
        }
        prefixes = _.reduce(prefixes, function(list, prefix) {
          list.push(prefix.mode);
          return list;
        }, []);
        always_param = always_param.split("").concat(prefixes);
        const hasParam = function(mode, isAdd) {
          const matchMode = function(m) {
            return m === mode;
          };
          if (_.find(always_param, matchMode)) {
            return true;
          }
          if (isAdd && _.find((chanmodes[2] || "").split(""), matchMode)) {
            return true;
          }
          return false;
        };
        j = 0;
        for (i = 0; i < mode_string.length; i++) {
          switch (mode_string[i]) {
            case "+":
              add = true;
              break;
            case "-":
              add = false;
              break;
            default:
              if (hasParam(mode_string[i], add)) {
                modes.push({
                  mode: (add ? "+" : "-") + mode_string[i],
                  param: mode_params[j]
                });
                j++;
              } else {
                modes.push({
                  mode: (add ? "+" : "-") + mode_string[i],
                  param: null
                });
              }
          }
        }
        return modes;
      }
      /**
         * Cache object for commands buffering data before emitting them
         * eg.
         * var cache = this.cache('userlist');
         * cache.nicks = [];
         * cache.destroy();
         */
      cache(id) {
        let cache = this._caches[id];
        if (!cache) {
          const destroyCacheFn = (cacheToDestroy, idInCache) => {
            return function() {
              delete cacheToDestroy[idInCache];
            };
          };
          cache = Object.defineProperty({}, "destroy", {
            enumerable: false,
            configurable: false,
            value: destroyCacheFn(this._caches, id)
          });
          this._caches[id] = cache;
        }
        return cache;
      }
      hasCache(id) {
        return this._caches && Object.prototype.hasOwnProperty.call(this._caches, id);
      }
      resetCache() {
        this._caches = /* @__PURE__ */ Object.create(null);
      }
    };
  })
});

// npm:irc-framework@4.14.0/src/commands/index.js
var require_commands = __commonJS({
  "npm:irc-framework@4.14.0/src/commands/index.js": (function (exports, module) {
    "use strict";
    module.exports.Command = require_command();
    module.exports.CommandHandler = require_handler();
  })
});

// npm:irc-framework@4.14.0/src/messagetags.js
var require_messagetags = __commonJS({
  "npm:irc-framework@4.14.0/src/messagetags.js": (function (exports, module) {
    "use strict";
    var Helpers = require_helpers();
    module.exports.decodeValue = decodeValue;
    module.exports.encodeValue = encodeValue;
    module.exports.decode = decode;
    module.exports.encode = encode;
    var tokens_map = {
      "\\\\": "\\",
      "\\:": ";",
      "\\s": " ",
      "\\n": "\n",
      "\\r": "\r",
      "\\": ""
    };
    var token_lookup = /\\\\|\\:|\\s|\\n|\\r|\\/gi;
    function decodeValue(value) {
      return value.replace(token_lookup, (m) => tokens_map[m] || "");
    }
    var vals_map = {
      "\\": "\\\\",
      ";": "\\:",
      " ": "\\s",
      "\n": "\\n",
      "\r": "\\r"
    };
    var val_lookup = /\\|;| |\n|\r/gi;
    function encodeValue(value) {
      return value.replace(val_lookup, (m) => vals_map[m] || "");
    }
    function decode(tag_str) {
      const tags = /* @__PURE__ */ Object.create(null);
      tag_str.split(";").forEach((tag) => {
        const parts = Helpers.splitOnce(tag, "=");
        const key = parts[0].toLowerCase();
        let value = parts[1] || "";
        if (!key) {
          return;
        }
        value = decodeValue(value);
        tags[key] = value;
      });
      return tags;
    }
    function encode(tags, separator = ";") {
      const parts = Object.keys(tags).map((key) => {
        const val = tags[key];
        if (typeof val === "boolean") {
          return key;
        }
        return key + "=" + encodeValue(val.toString());
      });
      return parts.join(separator);
    }
  })
});

// npm:irc-framework@4.14.0/src/ircmessage.js
var require_ircmessage = __commonJS({
  "npm:irc-framework@4.14.0/src/ircmessage.js": (function (exports, module) {
    var MessageTags = require_messagetags();
    module.exports = class IrcMessage {
      constructor(command, ...args) {
        this.tags = /* @__PURE__ */ Object.create(null);
        this.prefix = "";
        this.nick = "";
        this.ident = "";
        this.hostname = "";
        this.command = command || "";
        this.params = args || [];
      }
      to1459() {
        const parts = [];
        const tags = MessageTags.encode(this.tags);
        if (tags) {
          parts.push("@" + tags);
        }
        if (this.prefix) {
          parts.push(":" + this.prefix);
        }
        parts.push(this.command);
        if (this.params.length > 0) {
          this.params.forEach((param, idx) => {
            if (idx === this.params.length - 1 && (param.indexOf(" ") > -1 || param[0] === ":")) {
              parts.push(":" + param);
            } else {
              parts.push(param);
            }
          });
        }
        return parts.join(" ");
      }
      toJson() {
        return {
          tags: Object.assign({}, this.tags),
          source: this.prefix,
          command: this.command,
          params: this.params
        };
      }
    };
  })
});

// npm:lodash@4.18.1/_baseIndexOfWith.js
var require_baseIndexOfWith = __commonJS({
  "npm:lodash@4.18.1/_baseIndexOfWith.js": (function (exports, module) {
    function baseIndexOfWith(array, value, fromIndex, comparator) {
      var index = fromIndex - 1, length = array.length;
      while (++index < length) {
        if (comparator(array[index], value)) {
          return index;
        }
      }
      return -1;
    }
    module.exports = baseIndexOfWith;
  })
});

// npm:lodash@4.18.1/_basePullAll.js
var require_basePullAll = __commonJS({
  "npm:lodash@4.18.1/_basePullAll.js": (function (exports, module) {
    var arrayMap = require_arrayMap();
    var baseIndexOf = require_baseIndexOf();
    var baseIndexOfWith = require_baseIndexOfWith();
    var baseUnary = require_baseUnary();
    var copyArray = require_copyArray();
    var arrayProto = Array.prototype;
    var splice = arrayProto.splice;
    function basePullAll(array, values, iteratee, comparator) {
      var indexOf = comparator ? baseIndexOfWith : baseIndexOf, index = -1, length = values.length, seen = array;
      if (array === values) {
        values = copyArray(values);
      }
      if (iteratee) {
        seen = arrayMap(array, baseUnary(iteratee));
      }
      while (++index < length) {
        var fromIndex = 0, value = values[index], computed = iteratee ? iteratee(value) : value;
        while ((fromIndex = indexOf(seen, computed, fromIndex, comparator)) > -1) {
          if (seen !== array) {
            splice.call(seen, fromIndex, 1);
          }
          splice.call(array, fromIndex, 1);
        }
      }
      return array;
    }
    module.exports = basePullAll;
  })
});

// npm:lodash@4.18.1/pullAll.js
var require_pullAll = __commonJS({
  "npm:lodash@4.18.1/pullAll.js": (function (exports, module) {
    var basePullAll = require_basePullAll();
    function pullAll(array, values) {
      return array && array.length && values && values.length ? basePullAll(array, values) : array;
    }
    module.exports = pullAll;
  })
});

// npm:lodash@4.18.1/pull.js
var require_pull = __commonJS({
  "npm:lodash@4.18.1/pull.js": (function (exports, module) {
    var baseRest = require_baseRest();
    var pullAll = require_pullAll();
    var pull = baseRest(pullAll);
    module.exports = pull;
  })
});

// npm:irc-framework@4.14.0/src/irclineparser.js
var require_irclineparser = __commonJS({
  "npm:irc-framework@4.14.0/src/irclineparser.js": (function (exports, module) {
    "use strict";
    var MessageTags = require_messagetags();
    var IrcMessage = require_ircmessage();
    var helpers = require_helpers();
    module.exports = parseIrcLine;
    var newline_regex = /^[\r\n]+|[\r\n]+$/g;
    function parseIrcLine(input_) {
      const input = input_.replace(newline_regex, "");
      let cPos = 0;
      let inParams = false;
      const nextToken = () => {
        while (input[cPos] === " " && cPos < input.length) {
          cPos++;
        }
        if (cPos === input.length) {
          return inParams ? null : "";
        }
        let end = input.indexOf(" ", cPos);
        if (end === -1) {
          end = input.length;
        }
        if (inParams && input[cPos] === ":" && input[cPos - 1] === " ") {
          cPos++;
          end = input.length;
        }
        const token2 = input.substring(cPos, end);
        cPos = end;
        while (input[cPos] === " " && cPos < input.length) {
          cPos++;
        }
        return token2;
      };
      const ret = new IrcMessage();
      if (input[cPos] === "@") {
        ret.tags = MessageTags.decode(nextToken().substr(1));
      }
      if (input[cPos] === ":") {
        ret.prefix = nextToken().substr(1);
        const mask = helpers.parseMask(ret.prefix);
        ret.nick = mask.nick;
        ret.ident = mask.user;
        ret.hostname = mask.host;
      }
      ret.command = nextToken().toUpperCase();
      inParams = true;
      let token = nextToken();
      while (token !== null) {
        ret.params.push(token);
        token = nextToken();
      }
      return ret;
    }
  })
});

// npm:irc-framework@4.14.0/src/connection.js
var require_connection = __commonJS({
  "npm:irc-framework@4.14.0/src/connection.js": (function (exports, module) {
    "use strict";
    var _ = {
      pull: require_pull()
    };
    var EventEmitter = require__();
    var ircLineParser = require_irclineparser();
    module.exports = class Connection extends EventEmitter {
      constructor(options) {
        super();
        this.options = options || {};
        this.connected = false;
        this.requested_disconnect = false;
        this.reconnect_attempts = 0;
        this.registered = false;
        this.transport = null;
        this._timers = [];
      }
      debugOut(out) {
        this.emit("debug", out);
      }
      registeredSuccessfully() {
        this.registered = Date.now();
      }
      connect(options) {
        const that = this;
        if (options) {
          this.options = options;
        }
        options = this.options;
        this.auto_reconnect = options.auto_reconnect || false;
        this.auto_reconnect_max_retries = options.auto_reconnect_max_retries || 3;
        this.auto_reconnect_max_wait = options.auto_reconnect_max_wait || 3e5;
        if (this.transport) {
          this.clearTimers();
          this.transport.removeAllListeners();
          this.transport.disposeSocket();
        }
        this.transport = new options.transport(options);
        if (!options.encoding || !this.setEncoding(options.encoding)) {
          this.setEncoding("utf8");
        }
        bindTransportEvents(this.transport);
        this.registered = false;
        this.requested_disconnect = false;
        this.emit("connecting");
        this.transport.connect();
        function bindTransportEvents(transport) {
          transport.on("open", socketOpen);
          transport.on("line", socketLine);
          transport.on("close", socketClose);
          transport.on("debug", transportDebug);
          transport.on("extra", transportExtra);
        }
        function transportDebug(out) {
          that.debugOut(out);
        }
        function transportExtra() {
          that.emit.apply(that, arguments);
        }
        function socketOpen() {
          that.debugOut("Socket fully connected");
          that.reconnect_attempts = 0;
          that.connected = true;
          that.emit("socket connected");
        }
        function socketLine(line) {
          that.addReadBuffer(line);
        }
        function socketClose(err) {
          const was_connected = that.connected;
          let should_reconnect = false;
          let safely_registered = false;
          const registered_ms_ago = Date.now() - that.registered;
          safely_registered = that.registered !== false && registered_ms_ago > 5e3;
          that.debugOut("Socket closed. was_connected=" + was_connected + " safely_registered=" + safely_registered + " requested_disconnect=" + that.requested_disconnect);
          that.connected = false;
          that.clearTimers();
          that.emit("socket close", err);
          if (that.requested_disconnect || !that.auto_reconnect) {
            should_reconnect = false;
          } else if (that.reconnect_attempts && that.reconnect_attempts < that.auto_reconnect_max_retries) {
            should_reconnect = true;
          } else if (was_connected && safely_registered) {
            should_reconnect = true;
          } else {
            should_reconnect = false;
          }
          if (should_reconnect) {
            const reconnect_wait = that.calculateExponentialBackoff();
            that.reconnect_attempts++;
            that.emit("reconnecting", {
              attempt: that.reconnect_attempts,
              max_retries: that.auto_reconnect_max_retries,
              wait: reconnect_wait
            });
            that.debugOut("Scheduling reconnect. Attempt: " + that.reconnect_attempts + "/" + that.auto_reconnect_max_retries + " Wait: " + reconnect_wait + "ms");
            that.setTimeout(() => that.connect(), reconnect_wait);
          } else {
            that.transport.removeAllListeners();
            that.emit("close", !!err);
            that.reconnect_attempts = 0;
          }
        }
      }
      calculateExponentialBackoff() {
        const jitter = 1e3 + Math.floor(Math.random() * 5e3);
        const attempts = Math.min(this.reconnect_attempts, 30);
        const time = 1e3 * Math.pow(2, attempts);
        return Math.min(time, this.auto_reconnect_max_wait) + jitter;
      }
      addReadBuffer(line) {
        if (!line) {
          return;
        }
        this.emit("raw", {
          line,
          from_server: true
        });
        const message = ircLineParser(line);
        if (!message) {
          return;
        }
        this.emit("message", message, line);
      }
      write(data, callback) {
        if (!this.connected || this.requested_disconnect) {
          this.debugOut("write() called when not connected");
          if (callback) {
            setTimeout(callback, 0);
          }
          return false;
        }
        this.emit("raw", {
          line: data,
          from_server: false
        });
        return this.transport.writeLine(data, callback);
      }
      /**
         * Create and keep track of all timers so they can be easily removed
         */
      setTimeout() {
        const that = this;
        let tmr = null;
        const args = Array.prototype.slice.call(arguments, 0);
        const callback = args[0];
        args[0] = function() {
          _.pull(that._timers, tmr);
          callback.apply(null, args);
        };
        tmr = setTimeout.apply(null, args);
        this._timers.push(tmr);
        return tmr;
      }
      clearTimeout(tmr) {
        clearTimeout(tmr);
        _.pull(this._timers, tmr);
      }
      clearTimers() {
        this._timers.forEach(function(tmr) {
          clearTimeout(tmr);
        });
        this._timers = [];
      }
      /**
         * Close the connection to the IRCd after forcing one last line
         */
      end(data, had_error) {
        const that = this;
        this.debugOut("Connection.end() connected=" + this.connected + " with data=" + !!data + " had_error=" + !!had_error);
        if (this.connected && data) {
          this.write(data, function() {
            that.end(null, had_error);
          });
          return;
        }
        if (!had_error) {
          this.requested_disconnect = true;
          this.clearTimers();
        }
        if (this.transport) {
          this.transport.close(!!had_error);
        }
      }
      setEncoding(encoding) {
        this.debugOut("Connection.setEncoding() encoding=" + encoding);
        if (this.transport) {
          return this.transport.setEncoding(encoding);
        }
      }
    };
  })
});

// npm:irc-framework@4.14.0/src/networkinfo.js
var require_networkinfo = __commonJS({
  "npm:irc-framework@4.14.0/src/networkinfo.js": (function (exports, module) {
    "use strict";
    var _ = {
      find: require_find()
    };
    module.exports = NetworkInfo;
    function NetworkInfo() {
      this.name = "Network";
      this.server = "";
      this.ircd = "";
      this.options = {
        CASEMAPPING: "rfc1459",
        PREFIX: [
          {
            symbol: "~",
            mode: "q"
          },
          {
            symbol: "&",
            mode: "a"
          },
          {
            symbol: "@",
            mode: "o"
          },
          {
            symbol: "%",
            mode: "h"
          },
          {
            symbol: "+",
            mode: "v"
          }
        ]
      };
      this.cap = {
        negotiating: false,
        requested: [],
        enabled: [],
        available: /* @__PURE__ */ new Map(),
        isEnabled: function(cap_name) {
          return this.enabled.indexOf(cap_name) > -1;
        }
      };
      this.time_offsets = [];
      this.time_offset = 0;
      this.timeToLocal = function timeToLocal(serverTimeMs) {
        return serverTimeMs - this.getServerTimeOffset();
      };
      this.timeToServer = function timeToServer(localTimeMs) {
        return localTimeMs + this.getServerTimeOffset();
      };
      this.getServerTimeOffset = function getServerTimeOffset() {
        const sortedOffsets = this.time_offsets.slice(0).sort(function(a, b) {
          return a - b;
        });
        return sortedOffsets[Math.floor(this.time_offsets.length / 2)] || 0;
      };
      this.addServerTimeOffset = function addServerTimeOffset(time) {
        const newOffset = time - Date.now();
        this.time_offsets.push(newOffset);
        if (this.time_offsets.length > 7) {
          this.time_offsets = this.time_offsets.slice(this.time_offsets.length - 7);
        }
        const currentOffset = this.getServerTimeOffset();
        if (newOffset - currentOffset > 2e3 || newOffset - currentOffset < -2e3) {
          this.time_offsets = this.time_offsets.slice(-1);
        }
        this.time_offset = this.getServerTimeOffset();
      };
      this.supports = function supports(support_name) {
        return this.options[support_name.toUpperCase()];
      };
      this.supportsTag = function supportsTag(tag_name) {
        if (!this.cap.isEnabled("message-tags")) {
          return false;
        }
        if (!this.options.CLIENTTAGDENY || this.options.CLIENTTAGDENY.length === 0) {
          return true;
        }
        const allowAll = this.options.CLIENTTAGDENY[0] !== "*";
        if (allowAll) {
          return !this.options.CLIENTTAGDENY.some((tag) => tag === tag_name);
        }
        return this.options.CLIENTTAGDENY.some((tag) => tag === `-${tag_name}`);
      };
      this.isChannelName = function isChannelName(channel_name) {
        if (typeof channel_name !== "string" || channel_name === "") {
          return false;
        }
        const chanPrefixes = this.supports("CHANTYPES") || "&#";
        return chanPrefixes.indexOf(channel_name[0]) > -1;
      };
      this.extractTargetGroup = function extractTargetGroup(target) {
        const statusMsg = this.supports("STATUSMSG");
        if (!statusMsg) {
          return null;
        }
        const target_group = _.find(statusMsg, function(prefix) {
          if (prefix === target[0]) {
            target = target.substring(1);
            return prefix;
          }
        });
        if (!target_group) {
          return null;
        }
        return {
          target,
          target_group
        };
      };
    }
  })
});

// npm:irc-framework@4.14.0/src/user.js
var require_user2 = __commonJS({
  "npm:irc-framework@4.14.0/src/user.js": (function (exports, module) {
    "use strict";
    module.exports = class User {
      constructor(opts) {
        opts = opts || {};
        this.nick = opts.nick || "";
        this.username = opts.username || "";
        this.gecos = opts.gecos || "";
        this.host = opts.host || "";
        this.away = !!opts.away;
        this.modes = new Set(opts.modes || []);
      }
      toggleModes(modestr) {
        let adding = true;
        let i;
        for (i in modestr) {
          switch (modestr[i]) {
            case "+":
              adding = true;
              break;
            case "-":
              adding = false;
              break;
            default:
              this.modes[adding ? "add" : "delete"](modestr[i]);
          }
        }
      }
    };
  })
});

// npm:lodash@4.18.1/partial.js
var require_partial = __commonJS({
  "npm:lodash@4.18.1/partial.js": (function (exports, module) {
    var baseRest = require_baseRest();
    var createWrap = require_createWrap();
    var getHolder = require_getHolder();
    var replaceHolders = require_replaceHolders();
    var WRAP_PARTIAL_FLAG = 32;
    var partial = baseRest(function(func, partials) {
      var holders = replaceHolders(partials, getHolder(partial));
      return createWrap(func, WRAP_PARTIAL_FLAG, void 0, partials, holders);
    });
    partial.placeholder = {};
    module.exports = partial;
  })
});

// npm:lodash@4.18.1/_baseFilter.js
var require_baseFilter = __commonJS({
  "npm:lodash@4.18.1/_baseFilter.js": (function (exports, module) {
    var baseEach = require_baseEach();
    function baseFilter(collection, predicate) {
      var result = [];
      baseEach(collection, function(value, index, collection2) {
        if (predicate(value, index, collection2)) {
          result.push(value);
        }
      });
      return result;
    }
    module.exports = baseFilter;
  })
});

// npm:lodash@4.18.1/filter.js
var require_filter = __commonJS({
  "npm:lodash@4.18.1/filter.js": (function (exports, module) {
    var arrayFilter = require_arrayFilter();
    var baseFilter = require_baseFilter();
    var baseIteratee = require_baseIteratee();
    var isArray = require_isArray();
    function filter(collection, predicate) {
      var func = isArray(collection) ? arrayFilter : baseFilter;
      return func(collection, baseIteratee(predicate, 3));
    }
    module.exports = filter;
  })
});

// npm:irc-framework@4.14.0/src/channel.js
var require_channel2 = __commonJS({
  "npm:irc-framework@4.14.0/src/channel.js": (function (exports, module) {
    "use strict";
    var _ = {
      partial: require_partial(),
      filter: require_filter(),
      find: require_find(),
      each: require_each(),
      pull: require_pull(),
      extend: require_extend()
    };
    var DuplexStream = __require("node:stream").Duplex;
    module.exports = class IrcChannel {
      constructor(irc_client, channel_name, key) {
        this.irc_client = irc_client;
        this.name = channel_name;
        this.say = _.partial(irc_client.say.bind(irc_client), channel_name);
        this.notice = _.partial(irc_client.notice.bind(irc_client), channel_name);
        this.part = _.partial(irc_client.part.bind(irc_client), channel_name);
        this.join = _.partial(irc_client.join.bind(irc_client), channel_name);
        this.mode = _.partial(irc_client.mode.bind(irc_client), channel_name);
        this.banlist = _.partial(irc_client.banlist.bind(irc_client), channel_name);
        this.ban = _.partial(irc_client.ban.bind(irc_client), channel_name);
        this.unban = _.partial(irc_client.unban.bind(irc_client), channel_name);
        this.users = [];
        irc_client.on("userlist", (event) => {
          if (irc_client.caseCompare(event.channel, this.name)) {
            this.users = event.users;
          }
        });
        irc_client.on("join", (event) => {
          if (irc_client.caseCompare(event.channel, this.name)) {
            this.users.push(event);
          }
        });
        irc_client.on("part", (event) => {
          if (irc_client.caseCompare(event.channel, this.name)) {
            this.users = _.filter(this.users, function(o) {
              return !irc_client.caseCompare(event.nick, o.nick);
            });
          }
        });
        irc_client.on("kick", (event) => {
          if (irc_client.caseCompare(event.channel, this.name)) {
            this.users = _.filter(this.users, function(o) {
              return !irc_client.caseCompare(event.kicked, o.nick);
            });
          }
        });
        irc_client.on("quit", (event) => {
          this.users = _.filter(this.users, function(o) {
            return !irc_client.caseCompare(event.nick, o.nick);
          });
        });
        irc_client.on("nick", (event) => {
          _.find(this.users, function(o) {
            if (irc_client.caseCompare(event.nick, o.nick)) {
              o.nick = event.new_nick;
              return true;
            }
          });
        });
        irc_client.on("mode", (event) => {
          if (!irc_client.caseCompare(event.target, this.name)) {
            return;
          }
          _.each(event.modes, (mode) => {
            const user_prefix = _.find(irc_client.network.options.PREFIX, {
              mode: mode.mode[1]
            });
            if (!user_prefix) {
            } else {
              const user = _.find(this.users, (u) => irc_client.caseCompare(u.nick, mode.param));
              if (!user) {
                return;
              }
              if (mode.mode[0] === "+") {
                user.modes = user.modes || [];
                user.modes.push(mode.mode[1]);
              } else {
                _.pull(user.modes, mode.mode[1]);
              }
            }
          });
        });
        this.join(key);
      }
      /**
         * Relay messages between this channel to another
         * @param  {IrcChannel|String} target_chan Target channel
         * @param  {Object} opts        Extra options
         *
         * opts may contain the following properties:
         * one_way (false) Only relay messages to target_chan, not the reverse
         * replay_nicks (true) Include the sending nick as part of the relayed message
         */
      relay(target_chan, opts) {
        opts = _.extend({
          one_way: false,
          replay_nicks: true
        }, opts);
        if (typeof target_chan === "string") {
          target_chan = this.irc_client.channel(target_chan);
        }
        const this_stream = this.stream(opts);
        const other_stream = target_chan.stream(opts);
        this_stream.pipe(other_stream);
        if (!opts.one_way) {
          other_stream.pipe(this_stream);
        }
      }
      stream(stream_opts) {
        const read_queue = [];
        let is_reading = false;
        const stream = new DuplexStream({
          objectMode: true,
          write: (chunk, encoding, next) => {
            if (typeof chunk === "object" && typeof chunk.message === "string") {
              if (stream_opts.replay_nicks) {
                chunk = "<" + chunk.nick + "> " + chunk.message;
              } else {
                chunk = chunk.message;
              }
            }
            this.say(chunk.toString());
            next();
          },
          read: () => {
            is_reading = true;
            while (read_queue.length > 0) {
              const message = read_queue.shift();
              if (stream.push(message) === false) {
                is_reading = false;
                break;
              }
            }
          }
        });
        this.irc_client.on("privmsg", (event) => {
          if (this.irc_client.caseCompare(event.target, this.name)) {
            read_queue.push(event);
            if (is_reading) {
              stream._read();
            }
          }
        });
        return stream;
      }
      updateUsers(cb) {
        const updateUserList = (event) => {
          if (this.irc_client.caseCompare(event.channel, this.name)) {
            this.irc_client.removeListener("userlist", updateUserList);
            if (typeof cb === "function") {
              cb(this);
            }
          }
        };
        this.irc_client.on("userlist", updateUserList);
        this.irc_client.raw("NAMES", this.name);
      }
    };
  })
});

// npm:grapheme-splitter@1.0.4/index.js
var require__3 = __commonJS({
  "npm:grapheme-splitter@1.0.4/index.js": (function (exports, module) {
    function GraphemeSplitter() {
      var CR = 0, LF = 1, Control = 2, Extend = 3, Regional_Indicator = 4, SpacingMark = 5, L = 6, V = 7, T = 8, LV = 9, LVT = 10, Other = 11, Prepend = 12, E_Base = 13, E_Modifier = 14, ZWJ = 15, Glue_After_Zwj = 16, E_Base_GAZ = 17;
      var NotBreak = 0, BreakStart = 1, Break = 2, BreakLastRegional = 3, BreakPenultimateRegional = 4;
      function isSurrogate(str, pos) {
        return 55296 <= str.charCodeAt(pos) && str.charCodeAt(pos) <= 56319 && 56320 <= str.charCodeAt(pos + 1) && str.charCodeAt(pos + 1) <= 57343;
      }
      function codePointAt(str, idx) {
        if (idx === void 0) {
          idx = 0;
        }
        var code = str.charCodeAt(idx);
        if (55296 <= code && code <= 56319 && idx < str.length - 1) {
          var hi = code;
          var low = str.charCodeAt(idx + 1);
          if (56320 <= low && low <= 57343) {
            return (hi - 55296) * 1024 + (low - 56320) + 65536;
          }
          return hi;
        }
        if (56320 <= code && code <= 57343 && idx >= 1) {
          var hi = str.charCodeAt(idx - 1);
          var low = code;
          if (55296 <= hi && hi <= 56319) {
            return (hi - 55296) * 1024 + (low - 56320) + 65536;
          }
          return low;
        }
        return code;
      }
      function shouldBreak(start, mid, end) {
        var all = [
          start
        ].concat(mid).concat([
          end
        ]);
        var previous = all[all.length - 2];
        var next = end;
        var eModifierIndex = all.lastIndexOf(E_Modifier);
        if (eModifierIndex > 1 && all.slice(1, eModifierIndex).every(function(c) {
          return c == Extend;
        }) && [
          Extend,
          E_Base,
          E_Base_GAZ
        ].indexOf(start) == -1) {
          return Break;
        }
        var rIIndex = all.lastIndexOf(Regional_Indicator);
        if (rIIndex > 0 && all.slice(1, rIIndex).every(function(c) {
          return c == Regional_Indicator;
        }) && [
          Prepend,
          Regional_Indicator
        ].indexOf(previous) == -1) {
          if (all.filter(function(c) {
            return c == Regional_Indicator;
          }).length % 2 == 1) {
            return BreakLastRegional;
          } else {
            return BreakPenultimateRegional;
          }
        }
        if (previous == CR && next == LF) {
          return NotBreak;
        } else if (previous == Control || previous == CR || previous == LF) {
          if (next == E_Modifier && mid.every(function(c) {
            return c == Extend;
          })) {
            return Break;
          } else {
            return BreakStart;
          }
        } else if (next == Control || next == CR || next == LF) {
          return BreakStart;
        } else if (previous == L && (next == L || next == V || next == LV || next == LVT)) {
          return NotBreak;
        } else if ((previous == LV || previous == V) && (next == V || next == T)) {
          return NotBreak;
        } else if ((previous == LVT || previous == T) && next == T) {
          return NotBreak;
        } else if (next == Extend || next == ZWJ) {
          return NotBreak;
        } else if (next == SpacingMark) {
          return NotBreak;
        } else if (previous == Prepend) {
          return NotBreak;
        }
        var previousNonExtendIndex = all.indexOf(Extend) != -1 ? all.lastIndexOf(Extend) - 1 : all.length - 2;
        if ([
          E_Base,
          E_Base_GAZ
        ].indexOf(all[previousNonExtendIndex]) != -1 && all.slice(previousNonExtendIndex + 1, -1).every(function(c) {
          return c == Extend;
        }) && next == E_Modifier) {
          return NotBreak;
        }
        if (previous == ZWJ && [
          Glue_After_Zwj,
          E_Base_GAZ
        ].indexOf(next) != -1) {
          return NotBreak;
        }
        if (mid.indexOf(Regional_Indicator) != -1) {
          return Break;
        }
        if (previous == Regional_Indicator && next == Regional_Indicator) {
          return NotBreak;
        }
        return BreakStart;
      }
      this.nextBreak = function(string, index) {
        if (index === void 0) {
          index = 0;
        }
        if (index < 0) {
          return 0;
        }
        if (index >= string.length - 1) {
          return string.length;
        }
        var prev = getGraphemeBreakProperty(codePointAt(string, index));
        var mid = [];
        for (var i = index + 1; i < string.length; i++) {
          if (isSurrogate(string, i - 1)) {
            continue;
          }
          var next = getGraphemeBreakProperty(codePointAt(string, i));
          if (shouldBreak(prev, mid, next)) {
            return i;
          }
          mid.push(next);
        }
        return string.length;
      };
      this.splitGraphemes = function(str) {
        var res = [];
        var index = 0;
        var brk;
        while ((brk = this.nextBreak(str, index)) < str.length) {
          res.push(str.slice(index, brk));
          index = brk;
        }
        if (index < str.length) {
          res.push(str.slice(index));
        }
        return res;
      };
      this.iterateGraphemes = function(str) {
        var index = 0;
        var res = {
          next: function() {
            var value;
            var brk;
            if ((brk = this.nextBreak(str, index)) < str.length) {
              value = str.slice(index, brk);
              index = brk;
              return {
                value,
                done: false
              };
            }
            if (index < str.length) {
              value = str.slice(index);
              index = str.length;
              return {
                value,
                done: false
              };
            }
            return {
              value: void 0,
              done: true
            };
          }.bind(this)
        };
        if (typeof Symbol !== "undefined" && Symbol.iterator) {
          res[Symbol.iterator] = function() {
            return res;
          };
        }
        return res;
      };
      this.countGraphemes = function(str) {
        var count = 0;
        var index = 0;
        var brk;
        while ((brk = this.nextBreak(str, index)) < str.length) {
          index = brk;
          count++;
        }
        if (index < str.length) {
          count++;
        }
        return count;
      };
      function getGraphemeBreakProperty(code) {
        if (1536 <= code && code <= 1541 || // Cf   [6] ARABIC NUMBER SIGN..ARABIC NUMBER MARK ABOVE
        1757 == code || // Cf       ARABIC END OF AYAH
        1807 == code || // Cf       SYRIAC ABBREVIATION MARK
        2274 == code || // Cf       ARABIC DISPUTED END OF AYAH
        3406 == code || // Lo       MALAYALAM LETTER DOT REPH
        69821 == code || // Cf       KAITHI NUMBER SIGN
        70082 <= code && code <= 70083 || // Lo   [2] SHARADA SIGN JIHVAMULIYA..SHARADA SIGN UPADHMANIYA
        72250 == code || // Lo       ZANABAZAR SQUARE CLUSTER-INITIAL LETTER RA
        72326 <= code && code <= 72329 || // Lo   [4] SOYOMBO CLUSTER-INITIAL LETTER RA..SOYOMBO CLUSTER-INITIAL LETTER SA
        73030 == code) {
          return Prepend;
        }
        if (13 == code) {
          return CR;
        }
        if (10 == code) {
          return LF;
        }
        if (0 <= code && code <= 9 || // Cc  [10] <control-0000>..<control-0009>
        11 <= code && code <= 12 || // Cc   [2] <control-000B>..<control-000C>
        14 <= code && code <= 31 || // Cc  [18] <control-000E>..<control-001F>
        127 <= code && code <= 159 || // Cc  [33] <control-007F>..<control-009F>
        173 == code || // Cf       SOFT HYPHEN
        1564 == code || // Cf       ARABIC LETTER MARK
        6158 == code || // Cf       MONGOLIAN VOWEL SEPARATOR
        8203 == code || // Cf       ZERO WIDTH SPACE
        8206 <= code && code <= 8207 || // Cf   [2] LEFT-TO-RIGHT MARK..RIGHT-TO-LEFT MARK
        8232 == code || // Zl       LINE SEPARATOR
        8233 == code || // Zp       PARAGRAPH SEPARATOR
        8234 <= code && code <= 8238 || // Cf   [5] LEFT-TO-RIGHT EMBEDDING..RIGHT-TO-LEFT OVERRIDE
        8288 <= code && code <= 8292 || // Cf   [5] WORD JOINER..INVISIBLE PLUS
        8293 == code || // Cn       <reserved-2065>
        8294 <= code && code <= 8303 || // Cf  [10] LEFT-TO-RIGHT ISOLATE..NOMINAL DIGIT SHAPES
        55296 <= code && code <= 57343 || // Cs [2048] <surrogate-D800>..<surrogate-DFFF>
        65279 == code || // Cf       ZERO WIDTH NO-BREAK SPACE
        65520 <= code && code <= 65528 || // Cn   [9] <reserved-FFF0>..<reserved-FFF8>
        65529 <= code && code <= 65531 || // Cf   [3] INTERLINEAR ANNOTATION ANCHOR..INTERLINEAR ANNOTATION TERMINATOR
        113824 <= code && code <= 113827 || // Cf   [4] SHORTHAND FORMAT LETTER OVERLAP..SHORTHAND FORMAT UP STEP
        119155 <= code && code <= 119162 || // Cf   [8] MUSICAL SYMBOL BEGIN BEAM..MUSICAL SYMBOL END PHRASE
        917504 == code || // Cn       <reserved-E0000>
        917505 == code || // Cf       LANGUAGE TAG
        917506 <= code && code <= 917535 || // Cn  [30] <reserved-E0002>..<reserved-E001F>
        917632 <= code && code <= 917759 || // Cn [128] <reserved-E0080>..<reserved-E00FF>
        918e3 <= code && code <= 921599) {
          return Control;
        }
        if (768 <= code && code <= 879 || // Mn [112] COMBINING GRAVE ACCENT..COMBINING LATIN SMALL LETTER X
        1155 <= code && code <= 1159 || // Mn   [5] COMBINING CYRILLIC TITLO..COMBINING CYRILLIC POKRYTIE
        1160 <= code && code <= 1161 || // Me   [2] COMBINING CYRILLIC HUNDRED THOUSANDS SIGN..COMBINING CYRILLIC MILLIONS SIGN
        1425 <= code && code <= 1469 || // Mn  [45] HEBREW ACCENT ETNAHTA..HEBREW POINT METEG
        1471 == code || // Mn       HEBREW POINT RAFE
        1473 <= code && code <= 1474 || // Mn   [2] HEBREW POINT SHIN DOT..HEBREW POINT SIN DOT
        1476 <= code && code <= 1477 || // Mn   [2] HEBREW MARK UPPER DOT..HEBREW MARK LOWER DOT
        1479 == code || // Mn       HEBREW POINT QAMATS QATAN
        1552 <= code && code <= 1562 || // Mn  [11] ARABIC SIGN SALLALLAHOU ALAYHE WASSALLAM..ARABIC SMALL KASRA
        1611 <= code && code <= 1631 || // Mn  [21] ARABIC FATHATAN..ARABIC WAVY HAMZA BELOW
        1648 == code || // Mn       ARABIC LETTER SUPERSCRIPT ALEF
        1750 <= code && code <= 1756 || // Mn   [7] ARABIC SMALL HIGH LIGATURE SAD WITH LAM WITH ALEF MAKSURA..ARABIC SMALL HIGH SEEN
        1759 <= code && code <= 1764 || // Mn   [6] ARABIC SMALL HIGH ROUNDED ZERO..ARABIC SMALL HIGH MADDA
        1767 <= code && code <= 1768 || // Mn   [2] ARABIC SMALL HIGH YEH..ARABIC SMALL HIGH NOON
        1770 <= code && code <= 1773 || // Mn   [4] ARABIC EMPTY CENTRE LOW STOP..ARABIC SMALL LOW MEEM
        1809 == code || // Mn       SYRIAC LETTER SUPERSCRIPT ALAPH
        1840 <= code && code <= 1866 || // Mn  [27] SYRIAC PTHAHA ABOVE..SYRIAC BARREKH
        1958 <= code && code <= 1968 || // Mn  [11] THAANA ABAFILI..THAANA SUKUN
        2027 <= code && code <= 2035 || // Mn   [9] NKO COMBINING SHORT HIGH TONE..NKO COMBINING DOUBLE DOT ABOVE
        2070 <= code && code <= 2073 || // Mn   [4] SAMARITAN MARK IN..SAMARITAN MARK DAGESH
        2075 <= code && code <= 2083 || // Mn   [9] SAMARITAN MARK EPENTHETIC YUT..SAMARITAN VOWEL SIGN A
        2085 <= code && code <= 2087 || // Mn   [3] SAMARITAN VOWEL SIGN SHORT A..SAMARITAN VOWEL SIGN U
        2089 <= code && code <= 2093 || // Mn   [5] SAMARITAN VOWEL SIGN LONG I..SAMARITAN MARK NEQUDAA
        2137 <= code && code <= 2139 || // Mn   [3] MANDAIC AFFRICATION MARK..MANDAIC GEMINATION MARK
        2260 <= code && code <= 2273 || // Mn  [14] ARABIC SMALL HIGH WORD AR-RUB..ARABIC SMALL HIGH SIGN SAFHA
        2275 <= code && code <= 2306 || // Mn  [32] ARABIC TURNED DAMMA BELOW..DEVANAGARI SIGN ANUSVARA
        2362 == code || // Mn       DEVANAGARI VOWEL SIGN OE
        2364 == code || // Mn       DEVANAGARI SIGN NUKTA
        2369 <= code && code <= 2376 || // Mn   [8] DEVANAGARI VOWEL SIGN U..DEVANAGARI VOWEL SIGN AI
        2381 == code || // Mn       DEVANAGARI SIGN VIRAMA
        2385 <= code && code <= 2391 || // Mn   [7] DEVANAGARI STRESS SIGN UDATTA..DEVANAGARI VOWEL SIGN UUE
        2402 <= code && code <= 2403 || // Mn   [2] DEVANAGARI VOWEL SIGN VOCALIC L..DEVANAGARI VOWEL SIGN VOCALIC LL
        2433 == code || // Mn       BENGALI SIGN CANDRABINDU
        2492 == code || // Mn       BENGALI SIGN NUKTA
        2494 == code || // Mc       BENGALI VOWEL SIGN AA
        2497 <= code && code <= 2500 || // Mn   [4] BENGALI VOWEL SIGN U..BENGALI VOWEL SIGN VOCALIC RR
        2509 == code || // Mn       BENGALI SIGN VIRAMA
        2519 == code || // Mc       BENGALI AU LENGTH MARK
        2530 <= code && code <= 2531 || // Mn   [2] BENGALI VOWEL SIGN VOCALIC L..BENGALI VOWEL SIGN VOCALIC LL
        2561 <= code && code <= 2562 || // Mn   [2] GURMUKHI SIGN ADAK BINDI..GURMUKHI SIGN BINDI
        2620 == code || // Mn       GURMUKHI SIGN NUKTA
        2625 <= code && code <= 2626 || // Mn   [2] GURMUKHI VOWEL SIGN U..GURMUKHI VOWEL SIGN UU
        2631 <= code && code <= 2632 || // Mn   [2] GURMUKHI VOWEL SIGN EE..GURMUKHI VOWEL SIGN AI
        2635 <= code && code <= 2637 || // Mn   [3] GURMUKHI VOWEL SIGN OO..GURMUKHI SIGN VIRAMA
        2641 == code || // Mn       GURMUKHI SIGN UDAAT
        2672 <= code && code <= 2673 || // Mn   [2] GURMUKHI TIPPI..GURMUKHI ADDAK
        2677 == code || // Mn       GURMUKHI SIGN YAKASH
        2689 <= code && code <= 2690 || // Mn   [2] GUJARATI SIGN CANDRABINDU..GUJARATI SIGN ANUSVARA
        2748 == code || // Mn       GUJARATI SIGN NUKTA
        2753 <= code && code <= 2757 || // Mn   [5] GUJARATI VOWEL SIGN U..GUJARATI VOWEL SIGN CANDRA E
        2759 <= code && code <= 2760 || // Mn   [2] GUJARATI VOWEL SIGN E..GUJARATI VOWEL SIGN AI
        2765 == code || // Mn       GUJARATI SIGN VIRAMA
        2786 <= code && code <= 2787 || // Mn   [2] GUJARATI VOWEL SIGN VOCALIC L..GUJARATI VOWEL SIGN VOCALIC LL
        2810 <= code && code <= 2815 || // Mn   [6] GUJARATI SIGN SUKUN..GUJARATI SIGN TWO-CIRCLE NUKTA ABOVE
        2817 == code || // Mn       ORIYA SIGN CANDRABINDU
        2876 == code || // Mn       ORIYA SIGN NUKTA
        2878 == code || // Mc       ORIYA VOWEL SIGN AA
        2879 == code || // Mn       ORIYA VOWEL SIGN I
        2881 <= code && code <= 2884 || // Mn   [4] ORIYA VOWEL SIGN U..ORIYA VOWEL SIGN VOCALIC RR
        2893 == code || // Mn       ORIYA SIGN VIRAMA
        2902 == code || // Mn       ORIYA AI LENGTH MARK
        2903 == code || // Mc       ORIYA AU LENGTH MARK
        2914 <= code && code <= 2915 || // Mn   [2] ORIYA VOWEL SIGN VOCALIC L..ORIYA VOWEL SIGN VOCALIC LL
        2946 == code || // Mn       TAMIL SIGN ANUSVARA
        3006 == code || // Mc       TAMIL VOWEL SIGN AA
        3008 == code || // Mn       TAMIL VOWEL SIGN II
        3021 == code || // Mn       TAMIL SIGN VIRAMA
        3031 == code || // Mc       TAMIL AU LENGTH MARK
        3072 == code || // Mn       TELUGU SIGN COMBINING CANDRABINDU ABOVE
        3134 <= code && code <= 3136 || // Mn   [3] TELUGU VOWEL SIGN AA..TELUGU VOWEL SIGN II
        3142 <= code && code <= 3144 || // Mn   [3] TELUGU VOWEL SIGN E..TELUGU VOWEL SIGN AI
        3146 <= code && code <= 3149 || // Mn   [4] TELUGU VOWEL SIGN O..TELUGU SIGN VIRAMA
        3157 <= code && code <= 3158 || // Mn   [2] TELUGU LENGTH MARK..TELUGU AI LENGTH MARK
        3170 <= code && code <= 3171 || // Mn   [2] TELUGU VOWEL SIGN VOCALIC L..TELUGU VOWEL SIGN VOCALIC LL
        3201 == code || // Mn       KANNADA SIGN CANDRABINDU
        3260 == code || // Mn       KANNADA SIGN NUKTA
        3263 == code || // Mn       KANNADA VOWEL SIGN I
        3266 == code || // Mc       KANNADA VOWEL SIGN UU
        3270 == code || // Mn       KANNADA VOWEL SIGN E
        3276 <= code && code <= 3277 || // Mn   [2] KANNADA VOWEL SIGN AU..KANNADA SIGN VIRAMA
        3285 <= code && code <= 3286 || // Mc   [2] KANNADA LENGTH MARK..KANNADA AI LENGTH MARK
        3298 <= code && code <= 3299 || // Mn   [2] KANNADA VOWEL SIGN VOCALIC L..KANNADA VOWEL SIGN VOCALIC LL
        3328 <= code && code <= 3329 || // Mn   [2] MALAYALAM SIGN COMBINING ANUSVARA ABOVE..MALAYALAM SIGN CANDRABINDU
        3387 <= code && code <= 3388 || // Mn   [2] MALAYALAM SIGN VERTICAL BAR VIRAMA..MALAYALAM SIGN CIRCULAR VIRAMA
        3390 == code || // Mc       MALAYALAM VOWEL SIGN AA
        3393 <= code && code <= 3396 || // Mn   [4] MALAYALAM VOWEL SIGN U..MALAYALAM VOWEL SIGN VOCALIC RR
        3405 == code || // Mn       MALAYALAM SIGN VIRAMA
        3415 == code || // Mc       MALAYALAM AU LENGTH MARK
        3426 <= code && code <= 3427 || // Mn   [2] MALAYALAM VOWEL SIGN VOCALIC L..MALAYALAM VOWEL SIGN VOCALIC LL
        3530 == code || // Mn       SINHALA SIGN AL-LAKUNA
        3535 == code || // Mc       SINHALA VOWEL SIGN AELA-PILLA
        3538 <= code && code <= 3540 || // Mn   [3] SINHALA VOWEL SIGN KETTI IS-PILLA..SINHALA VOWEL SIGN KETTI PAA-PILLA
        3542 == code || // Mn       SINHALA VOWEL SIGN DIGA PAA-PILLA
        3551 == code || // Mc       SINHALA VOWEL SIGN GAYANUKITTA
        3633 == code || // Mn       THAI CHARACTER MAI HAN-AKAT
        3636 <= code && code <= 3642 || // Mn   [7] THAI CHARACTER SARA I..THAI CHARACTER PHINTHU
        3655 <= code && code <= 3662 || // Mn   [8] THAI CHARACTER MAITAIKHU..THAI CHARACTER YAMAKKAN
        3761 == code || // Mn       LAO VOWEL SIGN MAI KAN
        3764 <= code && code <= 3769 || // Mn   [6] LAO VOWEL SIGN I..LAO VOWEL SIGN UU
        3771 <= code && code <= 3772 || // Mn   [2] LAO VOWEL SIGN MAI KON..LAO SEMIVOWEL SIGN LO
        3784 <= code && code <= 3789 || // Mn   [6] LAO TONE MAI EK..LAO NIGGAHITA
        3864 <= code && code <= 3865 || // Mn   [2] TIBETAN ASTROLOGICAL SIGN -KHYUD PA..TIBETAN ASTROLOGICAL SIGN SDONG TSHUGS
        3893 == code || // Mn       TIBETAN MARK NGAS BZUNG NYI ZLA
        3895 == code || // Mn       TIBETAN MARK NGAS BZUNG SGOR RTAGS
        3897 == code || // Mn       TIBETAN MARK TSA -PHRU
        3953 <= code && code <= 3966 || // Mn  [14] TIBETAN VOWEL SIGN AA..TIBETAN SIGN RJES SU NGA RO
        3968 <= code && code <= 3972 || // Mn   [5] TIBETAN VOWEL SIGN REVERSED I..TIBETAN MARK HALANTA
        3974 <= code && code <= 3975 || // Mn   [2] TIBETAN SIGN LCI RTAGS..TIBETAN SIGN YANG RTAGS
        3981 <= code && code <= 3991 || // Mn  [11] TIBETAN SUBJOINED SIGN LCE TSA CAN..TIBETAN SUBJOINED LETTER JA
        3993 <= code && code <= 4028 || // Mn  [36] TIBETAN SUBJOINED LETTER NYA..TIBETAN SUBJOINED LETTER FIXED-FORM RA
        4038 == code || // Mn       TIBETAN SYMBOL PADMA GDAN
        4141 <= code && code <= 4144 || // Mn   [4] MYANMAR VOWEL SIGN I..MYANMAR VOWEL SIGN UU
        4146 <= code && code <= 4151 || // Mn   [6] MYANMAR VOWEL SIGN AI..MYANMAR SIGN DOT BELOW
        4153 <= code && code <= 4154 || // Mn   [2] MYANMAR SIGN VIRAMA..MYANMAR SIGN ASAT
        4157 <= code && code <= 4158 || // Mn   [2] MYANMAR CONSONANT SIGN MEDIAL WA..MYANMAR CONSONANT SIGN MEDIAL HA
        4184 <= code && code <= 4185 || // Mn   [2] MYANMAR VOWEL SIGN VOCALIC L..MYANMAR VOWEL SIGN VOCALIC LL
        4190 <= code && code <= 4192 || // Mn   [3] MYANMAR CONSONANT SIGN MON MEDIAL NA..MYANMAR CONSONANT SIGN MON MEDIAL LA
        4209 <= code && code <= 4212 || // Mn   [4] MYANMAR VOWEL SIGN GEBA KAREN I..MYANMAR VOWEL SIGN KAYAH EE
        4226 == code || // Mn       MYANMAR CONSONANT SIGN SHAN MEDIAL WA
        4229 <= code && code <= 4230 || // Mn   [2] MYANMAR VOWEL SIGN SHAN E ABOVE..MYANMAR VOWEL SIGN SHAN FINAL Y
        4237 == code || // Mn       MYANMAR SIGN SHAN COUNCIL EMPHATIC TONE
        4253 == code || // Mn       MYANMAR VOWEL SIGN AITON AI
        4957 <= code && code <= 4959 || // Mn   [3] ETHIOPIC COMBINING GEMINATION AND VOWEL LENGTH MARK..ETHIOPIC COMBINING GEMINATION MARK
        5906 <= code && code <= 5908 || // Mn   [3] TAGALOG VOWEL SIGN I..TAGALOG SIGN VIRAMA
        5938 <= code && code <= 5940 || // Mn   [3] HANUNOO VOWEL SIGN I..HANUNOO SIGN PAMUDPOD
        5970 <= code && code <= 5971 || // Mn   [2] BUHID VOWEL SIGN I..BUHID VOWEL SIGN U
        6002 <= code && code <= 6003 || // Mn   [2] TAGBANWA VOWEL SIGN I..TAGBANWA VOWEL SIGN U
        6068 <= code && code <= 6069 || // Mn   [2] KHMER VOWEL INHERENT AQ..KHMER VOWEL INHERENT AA
        6071 <= code && code <= 6077 || // Mn   [7] KHMER VOWEL SIGN I..KHMER VOWEL SIGN UA
        6086 == code || // Mn       KHMER SIGN NIKAHIT
        6089 <= code && code <= 6099 || // Mn  [11] KHMER SIGN MUUSIKATOAN..KHMER SIGN BATHAMASAT
        6109 == code || // Mn       KHMER SIGN ATTHACAN
        6155 <= code && code <= 6157 || // Mn   [3] MONGOLIAN FREE VARIATION SELECTOR ONE..MONGOLIAN FREE VARIATION SELECTOR THREE
        6277 <= code && code <= 6278 || // Mn   [2] MONGOLIAN LETTER ALI GALI BALUDA..MONGOLIAN LETTER ALI GALI THREE BALUDA
        6313 == code || // Mn       MONGOLIAN LETTER ALI GALI DAGALGA
        6432 <= code && code <= 6434 || // Mn   [3] LIMBU VOWEL SIGN A..LIMBU VOWEL SIGN U
        6439 <= code && code <= 6440 || // Mn   [2] LIMBU VOWEL SIGN E..LIMBU VOWEL SIGN O
        6450 == code || // Mn       LIMBU SMALL LETTER ANUSVARA
        6457 <= code && code <= 6459 || // Mn   [3] LIMBU SIGN MUKPHRENG..LIMBU SIGN SA-I
        6679 <= code && code <= 6680 || // Mn   [2] BUGINESE VOWEL SIGN I..BUGINESE VOWEL SIGN U
        6683 == code || // Mn       BUGINESE VOWEL SIGN AE
        6742 == code || // Mn       TAI THAM CONSONANT SIGN MEDIAL LA
        6744 <= code && code <= 6750 || // Mn   [7] TAI THAM SIGN MAI KANG LAI..TAI THAM CONSONANT SIGN SA
        6752 == code || // Mn       TAI THAM SIGN SAKOT
        6754 == code || // Mn       TAI THAM VOWEL SIGN MAI SAT
        6757 <= code && code <= 6764 || // Mn   [8] TAI THAM VOWEL SIGN I..TAI THAM VOWEL SIGN OA BELOW
        6771 <= code && code <= 6780 || // Mn  [10] TAI THAM VOWEL SIGN OA ABOVE..TAI THAM SIGN KHUEN-LUE KARAN
        6783 == code || // Mn       TAI THAM COMBINING CRYPTOGRAMMIC DOT
        6832 <= code && code <= 6845 || // Mn  [14] COMBINING DOUBLED CIRCUMFLEX ACCENT..COMBINING PARENTHESES BELOW
        6846 == code || // Me       COMBINING PARENTHESES OVERLAY
        6912 <= code && code <= 6915 || // Mn   [4] BALINESE SIGN ULU RICEM..BALINESE SIGN SURANG
        6964 == code || // Mn       BALINESE SIGN REREKAN
        6966 <= code && code <= 6970 || // Mn   [5] BALINESE VOWEL SIGN ULU..BALINESE VOWEL SIGN RA REPA
        6972 == code || // Mn       BALINESE VOWEL SIGN LA LENGA
        6978 == code || // Mn       BALINESE VOWEL SIGN PEPET
        7019 <= code && code <= 7027 || // Mn   [9] BALINESE MUSICAL SYMBOL COMBINING TEGEH..BALINESE MUSICAL SYMBOL COMBINING GONG
        7040 <= code && code <= 7041 || // Mn   [2] SUNDANESE SIGN PANYECEK..SUNDANESE SIGN PANGLAYAR
        7074 <= code && code <= 7077 || // Mn   [4] SUNDANESE CONSONANT SIGN PANYAKRA..SUNDANESE VOWEL SIGN PANYUKU
        7080 <= code && code <= 7081 || // Mn   [2] SUNDANESE VOWEL SIGN PAMEPET..SUNDANESE VOWEL SIGN PANEULEUNG
        7083 <= code && code <= 7085 || // Mn   [3] SUNDANESE SIGN VIRAMA..SUNDANESE CONSONANT SIGN PASANGAN WA
        7142 == code || // Mn       BATAK SIGN TOMPI
        7144 <= code && code <= 7145 || // Mn   [2] BATAK VOWEL SIGN PAKPAK E..BATAK VOWEL SIGN EE
        7149 == code || // Mn       BATAK VOWEL SIGN KARO O
        7151 <= code && code <= 7153 || // Mn   [3] BATAK VOWEL SIGN U FOR SIMALUNGUN SA..BATAK CONSONANT SIGN H
        7212 <= code && code <= 7219 || // Mn   [8] LEPCHA VOWEL SIGN E..LEPCHA CONSONANT SIGN T
        7222 <= code && code <= 7223 || // Mn   [2] LEPCHA SIGN RAN..LEPCHA SIGN NUKTA
        7376 <= code && code <= 7378 || // Mn   [3] VEDIC TONE KARSHANA..VEDIC TONE PRENKHA
        7380 <= code && code <= 7392 || // Mn  [13] VEDIC SIGN YAJURVEDIC MIDLINE SVARITA..VEDIC TONE RIGVEDIC KASHMIRI INDEPENDENT SVARITA
        7394 <= code && code <= 7400 || // Mn   [7] VEDIC SIGN VISARGA SVARITA..VEDIC SIGN VISARGA ANUDATTA WITH TAIL
        7405 == code || // Mn       VEDIC SIGN TIRYAK
        7412 == code || // Mn       VEDIC TONE CANDRA ABOVE
        7416 <= code && code <= 7417 || // Mn   [2] VEDIC TONE RING ABOVE..VEDIC TONE DOUBLE RING ABOVE
        7616 <= code && code <= 7673 || // Mn  [58] COMBINING DOTTED GRAVE ACCENT..COMBINING WIDE INVERTED BRIDGE BELOW
        7675 <= code && code <= 7679 || // Mn   [5] COMBINING DELETION MARK..COMBINING RIGHT ARROWHEAD AND DOWN ARROWHEAD BELOW
        8204 == code || // Cf       ZERO WIDTH NON-JOINER
        8400 <= code && code <= 8412 || // Mn  [13] COMBINING LEFT HARPOON ABOVE..COMBINING FOUR DOTS ABOVE
        8413 <= code && code <= 8416 || // Me   [4] COMBINING ENCLOSING CIRCLE..COMBINING ENCLOSING CIRCLE BACKSLASH
        8417 == code || // Mn       COMBINING LEFT RIGHT ARROW ABOVE
        8418 <= code && code <= 8420 || // Me   [3] COMBINING ENCLOSING SCREEN..COMBINING ENCLOSING UPWARD POINTING TRIANGLE
        8421 <= code && code <= 8432 || // Mn  [12] COMBINING REVERSE SOLIDUS OVERLAY..COMBINING ASTERISK ABOVE
        11503 <= code && code <= 11505 || // Mn   [3] COPTIC COMBINING NI ABOVE..COPTIC COMBINING SPIRITUS LENIS
        11647 == code || // Mn       TIFINAGH CONSONANT JOINER
        11744 <= code && code <= 11775 || // Mn  [32] COMBINING CYRILLIC LETTER BE..COMBINING CYRILLIC LETTER IOTIFIED BIG YUS
        12330 <= code && code <= 12333 || // Mn   [4] IDEOGRAPHIC LEVEL TONE MARK..IDEOGRAPHIC ENTERING TONE MARK
        12334 <= code && code <= 12335 || // Mc   [2] HANGUL SINGLE DOT TONE MARK..HANGUL DOUBLE DOT TONE MARK
        12441 <= code && code <= 12442 || // Mn   [2] COMBINING KATAKANA-HIRAGANA VOICED SOUND MARK..COMBINING KATAKANA-HIRAGANA SEMI-VOICED SOUND MARK
        42607 == code || // Mn       COMBINING CYRILLIC VZMET
        42608 <= code && code <= 42610 || // Me   [3] COMBINING CYRILLIC TEN MILLIONS SIGN..COMBINING CYRILLIC THOUSAND MILLIONS SIGN
        42612 <= code && code <= 42621 || // Mn  [10] COMBINING CYRILLIC LETTER UKRAINIAN IE..COMBINING CYRILLIC PAYEROK
        42654 <= code && code <= 42655 || // Mn   [2] COMBINING CYRILLIC LETTER EF..COMBINING CYRILLIC LETTER IOTIFIED E
        42736 <= code && code <= 42737 || // Mn   [2] BAMUM COMBINING MARK KOQNDON..BAMUM COMBINING MARK TUKWENTIS
        43010 == code || // Mn       SYLOTI NAGRI SIGN DVISVARA
        43014 == code || // Mn       SYLOTI NAGRI SIGN HASANTA
        43019 == code || // Mn       SYLOTI NAGRI SIGN ANUSVARA
        43045 <= code && code <= 43046 || // Mn   [2] SYLOTI NAGRI VOWEL SIGN U..SYLOTI NAGRI VOWEL SIGN E
        43204 <= code && code <= 43205 || // Mn   [2] SAURASHTRA SIGN VIRAMA..SAURASHTRA SIGN CANDRABINDU
        43232 <= code && code <= 43249 || // Mn  [18] COMBINING DEVANAGARI DIGIT ZERO..COMBINING DEVANAGARI SIGN AVAGRAHA
        43302 <= code && code <= 43309 || // Mn   [8] KAYAH LI VOWEL UE..KAYAH LI TONE CALYA PLOPHU
        43335 <= code && code <= 43345 || // Mn  [11] REJANG VOWEL SIGN I..REJANG CONSONANT SIGN R
        43392 <= code && code <= 43394 || // Mn   [3] JAVANESE SIGN PANYANGGA..JAVANESE SIGN LAYAR
        43443 == code || // Mn       JAVANESE SIGN CECAK TELU
        43446 <= code && code <= 43449 || // Mn   [4] JAVANESE VOWEL SIGN WULU..JAVANESE VOWEL SIGN SUKU MENDUT
        43452 == code || // Mn       JAVANESE VOWEL SIGN PEPET
        43493 == code || // Mn       MYANMAR SIGN SHAN SAW
        43561 <= code && code <= 43566 || // Mn   [6] CHAM VOWEL SIGN AA..CHAM VOWEL SIGN OE
        43569 <= code && code <= 43570 || // Mn   [2] CHAM VOWEL SIGN AU..CHAM VOWEL SIGN UE
        43573 <= code && code <= 43574 || // Mn   [2] CHAM CONSONANT SIGN LA..CHAM CONSONANT SIGN WA
        43587 == code || // Mn       CHAM CONSONANT SIGN FINAL NG
        43596 == code || // Mn       CHAM CONSONANT SIGN FINAL M
        43644 == code || // Mn       MYANMAR SIGN TAI LAING TONE-2
        43696 == code || // Mn       TAI VIET MAI KANG
        43698 <= code && code <= 43700 || // Mn   [3] TAI VIET VOWEL I..TAI VIET VOWEL U
        43703 <= code && code <= 43704 || // Mn   [2] TAI VIET MAI KHIT..TAI VIET VOWEL IA
        43710 <= code && code <= 43711 || // Mn   [2] TAI VIET VOWEL AM..TAI VIET TONE MAI EK
        43713 == code || // Mn       TAI VIET TONE MAI THO
        43756 <= code && code <= 43757 || // Mn   [2] MEETEI MAYEK VOWEL SIGN UU..MEETEI MAYEK VOWEL SIGN AAI
        43766 == code || // Mn       MEETEI MAYEK VIRAMA
        44005 == code || // Mn       MEETEI MAYEK VOWEL SIGN ANAP
        44008 == code || // Mn       MEETEI MAYEK VOWEL SIGN UNAP
        44013 == code || // Mn       MEETEI MAYEK APUN IYEK
        64286 == code || // Mn       HEBREW POINT JUDEO-SPANISH VARIKA
        65024 <= code && code <= 65039 || // Mn  [16] VARIATION SELECTOR-1..VARIATION SELECTOR-16
        65056 <= code && code <= 65071 || // Mn  [16] COMBINING LIGATURE LEFT HALF..COMBINING CYRILLIC TITLO RIGHT HALF
        65438 <= code && code <= 65439 || // Lm   [2] HALFWIDTH KATAKANA VOICED SOUND MARK..HALFWIDTH KATAKANA SEMI-VOICED SOUND MARK
        66045 == code || // Mn       PHAISTOS DISC SIGN COMBINING OBLIQUE STROKE
        66272 == code || // Mn       COPTIC EPACT THOUSANDS MARK
        66422 <= code && code <= 66426 || // Mn   [5] COMBINING OLD PERMIC LETTER AN..COMBINING OLD PERMIC LETTER SII
        68097 <= code && code <= 68099 || // Mn   [3] KHAROSHTHI VOWEL SIGN I..KHAROSHTHI VOWEL SIGN VOCALIC R
        68101 <= code && code <= 68102 || // Mn   [2] KHAROSHTHI VOWEL SIGN E..KHAROSHTHI VOWEL SIGN O
        68108 <= code && code <= 68111 || // Mn   [4] KHAROSHTHI VOWEL LENGTH MARK..KHAROSHTHI SIGN VISARGA
        68152 <= code && code <= 68154 || // Mn   [3] KHAROSHTHI SIGN BAR ABOVE..KHAROSHTHI SIGN DOT BELOW
        68159 == code || // Mn       KHAROSHTHI VIRAMA
        68325 <= code && code <= 68326 || // Mn   [2] MANICHAEAN ABBREVIATION MARK ABOVE..MANICHAEAN ABBREVIATION MARK BELOW
        69633 == code || // Mn       BRAHMI SIGN ANUSVARA
        69688 <= code && code <= 69702 || // Mn  [15] BRAHMI VOWEL SIGN AA..BRAHMI VIRAMA
        69759 <= code && code <= 69761 || // Mn   [3] BRAHMI NUMBER JOINER..KAITHI SIGN ANUSVARA
        69811 <= code && code <= 69814 || // Mn   [4] KAITHI VOWEL SIGN U..KAITHI VOWEL SIGN AI
        69817 <= code && code <= 69818 || // Mn   [2] KAITHI SIGN VIRAMA..KAITHI SIGN NUKTA
        69888 <= code && code <= 69890 || // Mn   [3] CHAKMA SIGN CANDRABINDU..CHAKMA SIGN VISARGA
        69927 <= code && code <= 69931 || // Mn   [5] CHAKMA VOWEL SIGN A..CHAKMA VOWEL SIGN UU
        69933 <= code && code <= 69940 || // Mn   [8] CHAKMA VOWEL SIGN AI..CHAKMA MAAYYAA
        70003 == code || // Mn       MAHAJANI SIGN NUKTA
        70016 <= code && code <= 70017 || // Mn   [2] SHARADA SIGN CANDRABINDU..SHARADA SIGN ANUSVARA
        70070 <= code && code <= 70078 || // Mn   [9] SHARADA VOWEL SIGN U..SHARADA VOWEL SIGN O
        70090 <= code && code <= 70092 || // Mn   [3] SHARADA SIGN NUKTA..SHARADA EXTRA SHORT VOWEL MARK
        70191 <= code && code <= 70193 || // Mn   [3] KHOJKI VOWEL SIGN U..KHOJKI VOWEL SIGN AI
        70196 == code || // Mn       KHOJKI SIGN ANUSVARA
        70198 <= code && code <= 70199 || // Mn   [2] KHOJKI SIGN NUKTA..KHOJKI SIGN SHADDA
        70206 == code || // Mn       KHOJKI SIGN SUKUN
        70367 == code || // Mn       KHUDAWADI SIGN ANUSVARA
        70371 <= code && code <= 70378 || // Mn   [8] KHUDAWADI VOWEL SIGN U..KHUDAWADI SIGN VIRAMA
        70400 <= code && code <= 70401 || // Mn   [2] GRANTHA SIGN COMBINING ANUSVARA ABOVE..GRANTHA SIGN CANDRABINDU
        70460 == code || // Mn       GRANTHA SIGN NUKTA
        70462 == code || // Mc       GRANTHA VOWEL SIGN AA
        70464 == code || // Mn       GRANTHA VOWEL SIGN II
        70487 == code || // Mc       GRANTHA AU LENGTH MARK
        70502 <= code && code <= 70508 || // Mn   [7] COMBINING GRANTHA DIGIT ZERO..COMBINING GRANTHA DIGIT SIX
        70512 <= code && code <= 70516 || // Mn   [5] COMBINING GRANTHA LETTER A..COMBINING GRANTHA LETTER PA
        70712 <= code && code <= 70719 || // Mn   [8] NEWA VOWEL SIGN U..NEWA VOWEL SIGN AI
        70722 <= code && code <= 70724 || // Mn   [3] NEWA SIGN VIRAMA..NEWA SIGN ANUSVARA
        70726 == code || // Mn       NEWA SIGN NUKTA
        70832 == code || // Mc       TIRHUTA VOWEL SIGN AA
        70835 <= code && code <= 70840 || // Mn   [6] TIRHUTA VOWEL SIGN U..TIRHUTA VOWEL SIGN VOCALIC LL
        70842 == code || // Mn       TIRHUTA VOWEL SIGN SHORT E
        70845 == code || // Mc       TIRHUTA VOWEL SIGN SHORT O
        70847 <= code && code <= 70848 || // Mn   [2] TIRHUTA SIGN CANDRABINDU..TIRHUTA SIGN ANUSVARA
        70850 <= code && code <= 70851 || // Mn   [2] TIRHUTA SIGN VIRAMA..TIRHUTA SIGN NUKTA
        71087 == code || // Mc       SIDDHAM VOWEL SIGN AA
        71090 <= code && code <= 71093 || // Mn   [4] SIDDHAM VOWEL SIGN U..SIDDHAM VOWEL SIGN VOCALIC RR
        71100 <= code && code <= 71101 || // Mn   [2] SIDDHAM SIGN CANDRABINDU..SIDDHAM SIGN ANUSVARA
        71103 <= code && code <= 71104 || // Mn   [2] SIDDHAM SIGN VIRAMA..SIDDHAM SIGN NUKTA
        71132 <= code && code <= 71133 || // Mn   [2] SIDDHAM VOWEL SIGN ALTERNATE U..SIDDHAM VOWEL SIGN ALTERNATE UU
        71219 <= code && code <= 71226 || // Mn   [8] MODI VOWEL SIGN U..MODI VOWEL SIGN AI
        71229 == code || // Mn       MODI SIGN ANUSVARA
        71231 <= code && code <= 71232 || // Mn   [2] MODI SIGN VIRAMA..MODI SIGN ARDHACANDRA
        71339 == code || // Mn       TAKRI SIGN ANUSVARA
        71341 == code || // Mn       TAKRI VOWEL SIGN AA
        71344 <= code && code <= 71349 || // Mn   [6] TAKRI VOWEL SIGN U..TAKRI VOWEL SIGN AU
        71351 == code || // Mn       TAKRI SIGN NUKTA
        71453 <= code && code <= 71455 || // Mn   [3] AHOM CONSONANT SIGN MEDIAL LA..AHOM CONSONANT SIGN MEDIAL LIGATING RA
        71458 <= code && code <= 71461 || // Mn   [4] AHOM VOWEL SIGN I..AHOM VOWEL SIGN UU
        71463 <= code && code <= 71467 || // Mn   [5] AHOM VOWEL SIGN AW..AHOM SIGN KILLER
        72193 <= code && code <= 72198 || // Mn   [6] ZANABAZAR SQUARE VOWEL SIGN I..ZANABAZAR SQUARE VOWEL SIGN O
        72201 <= code && code <= 72202 || // Mn   [2] ZANABAZAR SQUARE VOWEL SIGN REVERSED I..ZANABAZAR SQUARE VOWEL LENGTH MARK
        72243 <= code && code <= 72248 || // Mn   [6] ZANABAZAR SQUARE FINAL CONSONANT MARK..ZANABAZAR SQUARE SIGN ANUSVARA
        72251 <= code && code <= 72254 || // Mn   [4] ZANABAZAR SQUARE CLUSTER-FINAL LETTER YA..ZANABAZAR SQUARE CLUSTER-FINAL LETTER VA
        72263 == code || // Mn       ZANABAZAR SQUARE SUBJOINER
        72273 <= code && code <= 72278 || // Mn   [6] SOYOMBO VOWEL SIGN I..SOYOMBO VOWEL SIGN OE
        72281 <= code && code <= 72283 || // Mn   [3] SOYOMBO VOWEL SIGN VOCALIC R..SOYOMBO VOWEL LENGTH MARK
        72330 <= code && code <= 72342 || // Mn  [13] SOYOMBO FINAL CONSONANT SIGN G..SOYOMBO SIGN ANUSVARA
        72344 <= code && code <= 72345 || // Mn   [2] SOYOMBO GEMINATION MARK..SOYOMBO SUBJOINER
        72752 <= code && code <= 72758 || // Mn   [7] BHAIKSUKI VOWEL SIGN I..BHAIKSUKI VOWEL SIGN VOCALIC L
        72760 <= code && code <= 72765 || // Mn   [6] BHAIKSUKI VOWEL SIGN E..BHAIKSUKI SIGN ANUSVARA
        72767 == code || // Mn       BHAIKSUKI SIGN VIRAMA
        72850 <= code && code <= 72871 || // Mn  [22] MARCHEN SUBJOINED LETTER KA..MARCHEN SUBJOINED LETTER ZA
        72874 <= code && code <= 72880 || // Mn   [7] MARCHEN SUBJOINED LETTER RA..MARCHEN VOWEL SIGN AA
        72882 <= code && code <= 72883 || // Mn   [2] MARCHEN VOWEL SIGN U..MARCHEN VOWEL SIGN E
        72885 <= code && code <= 72886 || // Mn   [2] MARCHEN SIGN ANUSVARA..MARCHEN SIGN CANDRABINDU
        73009 <= code && code <= 73014 || // Mn   [6] MASARAM GONDI VOWEL SIGN AA..MASARAM GONDI VOWEL SIGN VOCALIC R
        73018 == code || // Mn       MASARAM GONDI VOWEL SIGN E
        73020 <= code && code <= 73021 || // Mn   [2] MASARAM GONDI VOWEL SIGN AI..MASARAM GONDI VOWEL SIGN O
        73023 <= code && code <= 73029 || // Mn   [7] MASARAM GONDI VOWEL SIGN AU..MASARAM GONDI VIRAMA
        73031 == code || // Mn       MASARAM GONDI RA-KARA
        92912 <= code && code <= 92916 || // Mn   [5] BASSA VAH COMBINING HIGH TONE..BASSA VAH COMBINING HIGH-LOW TONE
        92976 <= code && code <= 92982 || // Mn   [7] PAHAWH HMONG MARK CIM TUB..PAHAWH HMONG MARK CIM TAUM
        94095 <= code && code <= 94098 || // Mn   [4] MIAO TONE RIGHT..MIAO TONE BELOW
        113821 <= code && code <= 113822 || // Mn   [2] DUPLOYAN THICK LETTER SELECTOR..DUPLOYAN DOUBLE MARK
        119141 == code || // Mc       MUSICAL SYMBOL COMBINING STEM
        119143 <= code && code <= 119145 || // Mn   [3] MUSICAL SYMBOL COMBINING TREMOLO-1..MUSICAL SYMBOL COMBINING TREMOLO-3
        119150 <= code && code <= 119154 || // Mc   [5] MUSICAL SYMBOL COMBINING FLAG-1..MUSICAL SYMBOL COMBINING FLAG-5
        119163 <= code && code <= 119170 || // Mn   [8] MUSICAL SYMBOL COMBINING ACCENT..MUSICAL SYMBOL COMBINING LOURE
        119173 <= code && code <= 119179 || // Mn   [7] MUSICAL SYMBOL COMBINING DOIT..MUSICAL SYMBOL COMBINING TRIPLE TONGUE
        119210 <= code && code <= 119213 || // Mn   [4] MUSICAL SYMBOL COMBINING DOWN BOW..MUSICAL SYMBOL COMBINING SNAP PIZZICATO
        119362 <= code && code <= 119364 || // Mn   [3] COMBINING GREEK MUSICAL TRISEME..COMBINING GREEK MUSICAL PENTASEME
        121344 <= code && code <= 121398 || // Mn  [55] SIGNWRITING HEAD RIM..SIGNWRITING AIR SUCKING IN
        121403 <= code && code <= 121452 || // Mn  [50] SIGNWRITING MOUTH CLOSED NEUTRAL..SIGNWRITING EXCITEMENT
        121461 == code || // Mn       SIGNWRITING UPPER BODY TILTING FROM HIP JOINTS
        121476 == code || // Mn       SIGNWRITING LOCATION HEAD NECK
        121499 <= code && code <= 121503 || // Mn   [5] SIGNWRITING FILL MODIFIER-2..SIGNWRITING FILL MODIFIER-6
        121505 <= code && code <= 121519 || // Mn  [15] SIGNWRITING ROTATION MODIFIER-2..SIGNWRITING ROTATION MODIFIER-16
        122880 <= code && code <= 122886 || // Mn   [7] COMBINING GLAGOLITIC LETTER AZU..COMBINING GLAGOLITIC LETTER ZHIVETE
        122888 <= code && code <= 122904 || // Mn  [17] COMBINING GLAGOLITIC LETTER ZEMLJA..COMBINING GLAGOLITIC LETTER HERU
        122907 <= code && code <= 122913 || // Mn   [7] COMBINING GLAGOLITIC LETTER SHTA..COMBINING GLAGOLITIC LETTER YATI
        122915 <= code && code <= 122916 || // Mn   [2] COMBINING GLAGOLITIC LETTER YU..COMBINING GLAGOLITIC LETTER SMALL YUS
        122918 <= code && code <= 122922 || // Mn   [5] COMBINING GLAGOLITIC LETTER YO..COMBINING GLAGOLITIC LETTER FITA
        125136 <= code && code <= 125142 || // Mn   [7] MENDE KIKAKUI COMBINING NUMBER TEENS..MENDE KIKAKUI COMBINING NUMBER MILLIONS
        125252 <= code && code <= 125258 || // Mn   [7] ADLAM ALIF LENGTHENER..ADLAM NUKTA
        917536 <= code && code <= 917631 || // Cf  [96] TAG SPACE..CANCEL TAG
        917760 <= code && code <= 917999) {
          return Extend;
        }
        if (127462 <= code && code <= 127487) {
          return Regional_Indicator;
        }
        if (2307 == code || // Mc       DEVANAGARI SIGN VISARGA
        2363 == code || // Mc       DEVANAGARI VOWEL SIGN OOE
        2366 <= code && code <= 2368 || // Mc   [3] DEVANAGARI VOWEL SIGN AA..DEVANAGARI VOWEL SIGN II
        2377 <= code && code <= 2380 || // Mc   [4] DEVANAGARI VOWEL SIGN CANDRA O..DEVANAGARI VOWEL SIGN AU
        2382 <= code && code <= 2383 || // Mc   [2] DEVANAGARI VOWEL SIGN PRISHTHAMATRA E..DEVANAGARI VOWEL SIGN AW
        2434 <= code && code <= 2435 || // Mc   [2] BENGALI SIGN ANUSVARA..BENGALI SIGN VISARGA
        2495 <= code && code <= 2496 || // Mc   [2] BENGALI VOWEL SIGN I..BENGALI VOWEL SIGN II
        2503 <= code && code <= 2504 || // Mc   [2] BENGALI VOWEL SIGN E..BENGALI VOWEL SIGN AI
        2507 <= code && code <= 2508 || // Mc   [2] BENGALI VOWEL SIGN O..BENGALI VOWEL SIGN AU
        2563 == code || // Mc       GURMUKHI SIGN VISARGA
        2622 <= code && code <= 2624 || // Mc   [3] GURMUKHI VOWEL SIGN AA..GURMUKHI VOWEL SIGN II
        2691 == code || // Mc       GUJARATI SIGN VISARGA
        2750 <= code && code <= 2752 || // Mc   [3] GUJARATI VOWEL SIGN AA..GUJARATI VOWEL SIGN II
        2761 == code || // Mc       GUJARATI VOWEL SIGN CANDRA O
        2763 <= code && code <= 2764 || // Mc   [2] GUJARATI VOWEL SIGN O..GUJARATI VOWEL SIGN AU
        2818 <= code && code <= 2819 || // Mc   [2] ORIYA SIGN ANUSVARA..ORIYA SIGN VISARGA
        2880 == code || // Mc       ORIYA VOWEL SIGN II
        2887 <= code && code <= 2888 || // Mc   [2] ORIYA VOWEL SIGN E..ORIYA VOWEL SIGN AI
        2891 <= code && code <= 2892 || // Mc   [2] ORIYA VOWEL SIGN O..ORIYA VOWEL SIGN AU
        3007 == code || // Mc       TAMIL VOWEL SIGN I
        3009 <= code && code <= 3010 || // Mc   [2] TAMIL VOWEL SIGN U..TAMIL VOWEL SIGN UU
        3014 <= code && code <= 3016 || // Mc   [3] TAMIL VOWEL SIGN E..TAMIL VOWEL SIGN AI
        3018 <= code && code <= 3020 || // Mc   [3] TAMIL VOWEL SIGN O..TAMIL VOWEL SIGN AU
        3073 <= code && code <= 3075 || // Mc   [3] TELUGU SIGN CANDRABINDU..TELUGU SIGN VISARGA
        3137 <= code && code <= 3140 || // Mc   [4] TELUGU VOWEL SIGN U..TELUGU VOWEL SIGN VOCALIC RR
        3202 <= code && code <= 3203 || // Mc   [2] KANNADA SIGN ANUSVARA..KANNADA SIGN VISARGA
        3262 == code || // Mc       KANNADA VOWEL SIGN AA
        3264 <= code && code <= 3265 || // Mc   [2] KANNADA VOWEL SIGN II..KANNADA VOWEL SIGN U
        3267 <= code && code <= 3268 || // Mc   [2] KANNADA VOWEL SIGN VOCALIC R..KANNADA VOWEL SIGN VOCALIC RR
        3271 <= code && code <= 3272 || // Mc   [2] KANNADA VOWEL SIGN EE..KANNADA VOWEL SIGN AI
        3274 <= code && code <= 3275 || // Mc   [2] KANNADA VOWEL SIGN O..KANNADA VOWEL SIGN OO
        3330 <= code && code <= 3331 || // Mc   [2] MALAYALAM SIGN ANUSVARA..MALAYALAM SIGN VISARGA
        3391 <= code && code <= 3392 || // Mc   [2] MALAYALAM VOWEL SIGN I..MALAYALAM VOWEL SIGN II
        3398 <= code && code <= 3400 || // Mc   [3] MALAYALAM VOWEL SIGN E..MALAYALAM VOWEL SIGN AI
        3402 <= code && code <= 3404 || // Mc   [3] MALAYALAM VOWEL SIGN O..MALAYALAM VOWEL SIGN AU
        3458 <= code && code <= 3459 || // Mc   [2] SINHALA SIGN ANUSVARAYA..SINHALA SIGN VISARGAYA
        3536 <= code && code <= 3537 || // Mc   [2] SINHALA VOWEL SIGN KETTI AEDA-PILLA..SINHALA VOWEL SIGN DIGA AEDA-PILLA
        3544 <= code && code <= 3550 || // Mc   [7] SINHALA VOWEL SIGN GAETTA-PILLA..SINHALA VOWEL SIGN KOMBUVA HAA GAYANUKITTA
        3570 <= code && code <= 3571 || // Mc   [2] SINHALA VOWEL SIGN DIGA GAETTA-PILLA..SINHALA VOWEL SIGN DIGA GAYANUKITTA
        3635 == code || // Lo       THAI CHARACTER SARA AM
        3763 == code || // Lo       LAO VOWEL SIGN AM
        3902 <= code && code <= 3903 || // Mc   [2] TIBETAN SIGN YAR TSHES..TIBETAN SIGN MAR TSHES
        3967 == code || // Mc       TIBETAN SIGN RNAM BCAD
        4145 == code || // Mc       MYANMAR VOWEL SIGN E
        4155 <= code && code <= 4156 || // Mc   [2] MYANMAR CONSONANT SIGN MEDIAL YA..MYANMAR CONSONANT SIGN MEDIAL RA
        4182 <= code && code <= 4183 || // Mc   [2] MYANMAR VOWEL SIGN VOCALIC R..MYANMAR VOWEL SIGN VOCALIC RR
        4228 == code || // Mc       MYANMAR VOWEL SIGN SHAN E
        6070 == code || // Mc       KHMER VOWEL SIGN AA
        6078 <= code && code <= 6085 || // Mc   [8] KHMER VOWEL SIGN OE..KHMER VOWEL SIGN AU
        6087 <= code && code <= 6088 || // Mc   [2] KHMER SIGN REAHMUK..KHMER SIGN YUUKALEAPINTU
        6435 <= code && code <= 6438 || // Mc   [4] LIMBU VOWEL SIGN EE..LIMBU VOWEL SIGN AU
        6441 <= code && code <= 6443 || // Mc   [3] LIMBU SUBJOINED LETTER YA..LIMBU SUBJOINED LETTER WA
        6448 <= code && code <= 6449 || // Mc   [2] LIMBU SMALL LETTER KA..LIMBU SMALL LETTER NGA
        6451 <= code && code <= 6456 || // Mc   [6] LIMBU SMALL LETTER TA..LIMBU SMALL LETTER LA
        6681 <= code && code <= 6682 || // Mc   [2] BUGINESE VOWEL SIGN E..BUGINESE VOWEL SIGN O
        6741 == code || // Mc       TAI THAM CONSONANT SIGN MEDIAL RA
        6743 == code || // Mc       TAI THAM CONSONANT SIGN LA TANG LAI
        6765 <= code && code <= 6770 || // Mc   [6] TAI THAM VOWEL SIGN OY..TAI THAM VOWEL SIGN THAM AI
        6916 == code || // Mc       BALINESE SIGN BISAH
        6965 == code || // Mc       BALINESE VOWEL SIGN TEDUNG
        6971 == code || // Mc       BALINESE VOWEL SIGN RA REPA TEDUNG
        6973 <= code && code <= 6977 || // Mc   [5] BALINESE VOWEL SIGN LA LENGA TEDUNG..BALINESE VOWEL SIGN TALING REPA TEDUNG
        6979 <= code && code <= 6980 || // Mc   [2] BALINESE VOWEL SIGN PEPET TEDUNG..BALINESE ADEG ADEG
        7042 == code || // Mc       SUNDANESE SIGN PANGWISAD
        7073 == code || // Mc       SUNDANESE CONSONANT SIGN PAMINGKAL
        7078 <= code && code <= 7079 || // Mc   [2] SUNDANESE VOWEL SIGN PANAELAENG..SUNDANESE VOWEL SIGN PANOLONG
        7082 == code || // Mc       SUNDANESE SIGN PAMAAEH
        7143 == code || // Mc       BATAK VOWEL SIGN E
        7146 <= code && code <= 7148 || // Mc   [3] BATAK VOWEL SIGN I..BATAK VOWEL SIGN O
        7150 == code || // Mc       BATAK VOWEL SIGN U
        7154 <= code && code <= 7155 || // Mc   [2] BATAK PANGOLAT..BATAK PANONGONAN
        7204 <= code && code <= 7211 || // Mc   [8] LEPCHA SUBJOINED LETTER YA..LEPCHA VOWEL SIGN UU
        7220 <= code && code <= 7221 || // Mc   [2] LEPCHA CONSONANT SIGN NYIN-DO..LEPCHA CONSONANT SIGN KANG
        7393 == code || // Mc       VEDIC TONE ATHARVAVEDIC INDEPENDENT SVARITA
        7410 <= code && code <= 7411 || // Mc   [2] VEDIC SIGN ARDHAVISARGA..VEDIC SIGN ROTATED ARDHAVISARGA
        7415 == code || // Mc       VEDIC SIGN ATIKRAMA
        43043 <= code && code <= 43044 || // Mc   [2] SYLOTI NAGRI VOWEL SIGN A..SYLOTI NAGRI VOWEL SIGN I
        43047 == code || // Mc       SYLOTI NAGRI VOWEL SIGN OO
        43136 <= code && code <= 43137 || // Mc   [2] SAURASHTRA SIGN ANUSVARA..SAURASHTRA SIGN VISARGA
        43188 <= code && code <= 43203 || // Mc  [16] SAURASHTRA CONSONANT SIGN HAARU..SAURASHTRA VOWEL SIGN AU
        43346 <= code && code <= 43347 || // Mc   [2] REJANG CONSONANT SIGN H..REJANG VIRAMA
        43395 == code || // Mc       JAVANESE SIGN WIGNYAN
        43444 <= code && code <= 43445 || // Mc   [2] JAVANESE VOWEL SIGN TARUNG..JAVANESE VOWEL SIGN TOLONG
        43450 <= code && code <= 43451 || // Mc   [2] JAVANESE VOWEL SIGN TALING..JAVANESE VOWEL SIGN DIRGA MURE
        43453 <= code && code <= 43456 || // Mc   [4] JAVANESE CONSONANT SIGN KERET..JAVANESE PANGKON
        43567 <= code && code <= 43568 || // Mc   [2] CHAM VOWEL SIGN O..CHAM VOWEL SIGN AI
        43571 <= code && code <= 43572 || // Mc   [2] CHAM CONSONANT SIGN YA..CHAM CONSONANT SIGN RA
        43597 == code || // Mc       CHAM CONSONANT SIGN FINAL H
        43755 == code || // Mc       MEETEI MAYEK VOWEL SIGN II
        43758 <= code && code <= 43759 || // Mc   [2] MEETEI MAYEK VOWEL SIGN AU..MEETEI MAYEK VOWEL SIGN AAU
        43765 == code || // Mc       MEETEI MAYEK VOWEL SIGN VISARGA
        44003 <= code && code <= 44004 || // Mc   [2] MEETEI MAYEK VOWEL SIGN ONAP..MEETEI MAYEK VOWEL SIGN INAP
        44006 <= code && code <= 44007 || // Mc   [2] MEETEI MAYEK VOWEL SIGN YENAP..MEETEI MAYEK VOWEL SIGN SOUNAP
        44009 <= code && code <= 44010 || // Mc   [2] MEETEI MAYEK VOWEL SIGN CHEINAP..MEETEI MAYEK VOWEL SIGN NUNG
        44012 == code || // Mc       MEETEI MAYEK LUM IYEK
        69632 == code || // Mc       BRAHMI SIGN CANDRABINDU
        69634 == code || // Mc       BRAHMI SIGN VISARGA
        69762 == code || // Mc       KAITHI SIGN VISARGA
        69808 <= code && code <= 69810 || // Mc   [3] KAITHI VOWEL SIGN AA..KAITHI VOWEL SIGN II
        69815 <= code && code <= 69816 || // Mc   [2] KAITHI VOWEL SIGN O..KAITHI VOWEL SIGN AU
        69932 == code || // Mc       CHAKMA VOWEL SIGN E
        70018 == code || // Mc       SHARADA SIGN VISARGA
        70067 <= code && code <= 70069 || // Mc   [3] SHARADA VOWEL SIGN AA..SHARADA VOWEL SIGN II
        70079 <= code && code <= 70080 || // Mc   [2] SHARADA VOWEL SIGN AU..SHARADA SIGN VIRAMA
        70188 <= code && code <= 70190 || // Mc   [3] KHOJKI VOWEL SIGN AA..KHOJKI VOWEL SIGN II
        70194 <= code && code <= 70195 || // Mc   [2] KHOJKI VOWEL SIGN O..KHOJKI VOWEL SIGN AU
        70197 == code || // Mc       KHOJKI SIGN VIRAMA
        70368 <= code && code <= 70370 || // Mc   [3] KHUDAWADI VOWEL SIGN AA..KHUDAWADI VOWEL SIGN II
        70402 <= code && code <= 70403 || // Mc   [2] GRANTHA SIGN ANUSVARA..GRANTHA SIGN VISARGA
        70463 == code || // Mc       GRANTHA VOWEL SIGN I
        70465 <= code && code <= 70468 || // Mc   [4] GRANTHA VOWEL SIGN U..GRANTHA VOWEL SIGN VOCALIC RR
        70471 <= code && code <= 70472 || // Mc   [2] GRANTHA VOWEL SIGN EE..GRANTHA VOWEL SIGN AI
        70475 <= code && code <= 70477 || // Mc   [3] GRANTHA VOWEL SIGN OO..GRANTHA SIGN VIRAMA
        70498 <= code && code <= 70499 || // Mc   [2] GRANTHA VOWEL SIGN VOCALIC L..GRANTHA VOWEL SIGN VOCALIC LL
        70709 <= code && code <= 70711 || // Mc   [3] NEWA VOWEL SIGN AA..NEWA VOWEL SIGN II
        70720 <= code && code <= 70721 || // Mc   [2] NEWA VOWEL SIGN O..NEWA VOWEL SIGN AU
        70725 == code || // Mc       NEWA SIGN VISARGA
        70833 <= code && code <= 70834 || // Mc   [2] TIRHUTA VOWEL SIGN I..TIRHUTA VOWEL SIGN II
        70841 == code || // Mc       TIRHUTA VOWEL SIGN E
        70843 <= code && code <= 70844 || // Mc   [2] TIRHUTA VOWEL SIGN AI..TIRHUTA VOWEL SIGN O
        70846 == code || // Mc       TIRHUTA VOWEL SIGN AU
        70849 == code || // Mc       TIRHUTA SIGN VISARGA
        71088 <= code && code <= 71089 || // Mc   [2] SIDDHAM VOWEL SIGN I..SIDDHAM VOWEL SIGN II
        71096 <= code && code <= 71099 || // Mc   [4] SIDDHAM VOWEL SIGN E..SIDDHAM VOWEL SIGN AU
        71102 == code || // Mc       SIDDHAM SIGN VISARGA
        71216 <= code && code <= 71218 || // Mc   [3] MODI VOWEL SIGN AA..MODI VOWEL SIGN II
        71227 <= code && code <= 71228 || // Mc   [2] MODI VOWEL SIGN O..MODI VOWEL SIGN AU
        71230 == code || // Mc       MODI SIGN VISARGA
        71340 == code || // Mc       TAKRI SIGN VISARGA
        71342 <= code && code <= 71343 || // Mc   [2] TAKRI VOWEL SIGN I..TAKRI VOWEL SIGN II
        71350 == code || // Mc       TAKRI SIGN VIRAMA
        71456 <= code && code <= 71457 || // Mc   [2] AHOM VOWEL SIGN A..AHOM VOWEL SIGN AA
        71462 == code || // Mc       AHOM VOWEL SIGN E
        72199 <= code && code <= 72200 || // Mc   [2] ZANABAZAR SQUARE VOWEL SIGN AI..ZANABAZAR SQUARE VOWEL SIGN AU
        72249 == code || // Mc       ZANABAZAR SQUARE SIGN VISARGA
        72279 <= code && code <= 72280 || // Mc   [2] SOYOMBO VOWEL SIGN AI..SOYOMBO VOWEL SIGN AU
        72343 == code || // Mc       SOYOMBO SIGN VISARGA
        72751 == code || // Mc       BHAIKSUKI VOWEL SIGN AA
        72766 == code || // Mc       BHAIKSUKI SIGN VISARGA
        72873 == code || // Mc       MARCHEN SUBJOINED LETTER YA
        72881 == code || // Mc       MARCHEN VOWEL SIGN I
        72884 == code || // Mc       MARCHEN VOWEL SIGN O
        94033 <= code && code <= 94078 || // Mc  [46] MIAO SIGN ASPIRATION..MIAO VOWEL SIGN NG
        119142 == code || // Mc       MUSICAL SYMBOL COMBINING SPRECHGESANG STEM
        119149 == code) {
          return SpacingMark;
        }
        if (4352 <= code && code <= 4447 || // Lo  [96] HANGUL CHOSEONG KIYEOK..HANGUL CHOSEONG FILLER
        43360 <= code && code <= 43388) {
          return L;
        }
        if (4448 <= code && code <= 4519 || // Lo  [72] HANGUL JUNGSEONG FILLER..HANGUL JUNGSEONG O-YAE
        55216 <= code && code <= 55238) {
          return V;
        }
        if (4520 <= code && code <= 4607 || // Lo  [88] HANGUL JONGSEONG KIYEOK..HANGUL JONGSEONG SSANGNIEUN
        55243 <= code && code <= 55291) {
          return T;
        }
        if (44032 == code || // Lo       HANGUL SYLLABLE GA
        44060 == code || // Lo       HANGUL SYLLABLE GAE
        44088 == code || // Lo       HANGUL SYLLABLE GYA
        44116 == code || // Lo       HANGUL SYLLABLE GYAE
        44144 == code || // Lo       HANGUL SYLLABLE GEO
        44172 == code || // Lo       HANGUL SYLLABLE GE
        44200 == code || // Lo       HANGUL SYLLABLE GYEO
        44228 == code || // Lo       HANGUL SYLLABLE GYE
        44256 == code || // Lo       HANGUL SYLLABLE GO
        44284 == code || // Lo       HANGUL SYLLABLE GWA
        44312 == code || // Lo       HANGUL SYLLABLE GWAE
        44340 == code || // Lo       HANGUL SYLLABLE GOE
        44368 == code || // Lo       HANGUL SYLLABLE GYO
        44396 == code || // Lo       HANGUL SYLLABLE GU
        44424 == code || // Lo       HANGUL SYLLABLE GWEO
        44452 == code || // Lo       HANGUL SYLLABLE GWE
        44480 == code || // Lo       HANGUL SYLLABLE GWI
        44508 == code || // Lo       HANGUL SYLLABLE GYU
        44536 == code || // Lo       HANGUL SYLLABLE GEU
        44564 == code || // Lo       HANGUL SYLLABLE GYI
        44592 == code || // Lo       HANGUL SYLLABLE GI
        44620 == code || // Lo       HANGUL SYLLABLE GGA
        44648 == code || // Lo       HANGUL SYLLABLE GGAE
        44676 == code || // Lo       HANGUL SYLLABLE GGYA
        44704 == code || // Lo       HANGUL SYLLABLE GGYAE
        44732 == code || // Lo       HANGUL SYLLABLE GGEO
        44760 == code || // Lo       HANGUL SYLLABLE GGE
        44788 == code || // Lo       HANGUL SYLLABLE GGYEO
        44816 == code || // Lo       HANGUL SYLLABLE GGYE
        44844 == code || // Lo       HANGUL SYLLABLE GGO
        44872 == code || // Lo       HANGUL SYLLABLE GGWA
        44900 == code || // Lo       HANGUL SYLLABLE GGWAE
        44928 == code || // Lo       HANGUL SYLLABLE GGOE
        44956 == code || // Lo       HANGUL SYLLABLE GGYO
        44984 == code || // Lo       HANGUL SYLLABLE GGU
        45012 == code || // Lo       HANGUL SYLLABLE GGWEO
        45040 == code || // Lo       HANGUL SYLLABLE GGWE
        45068 == code || // Lo       HANGUL SYLLABLE GGWI
        45096 == code || // Lo       HANGUL SYLLABLE GGYU
        45124 == code || // Lo       HANGUL SYLLABLE GGEU
        45152 == code || // Lo       HANGUL SYLLABLE GGYI
        45180 == code || // Lo       HANGUL SYLLABLE GGI
        45208 == code || // Lo       HANGUL SYLLABLE NA
        45236 == code || // Lo       HANGUL SYLLABLE NAE
        45264 == code || // Lo       HANGUL SYLLABLE NYA
        45292 == code || // Lo       HANGUL SYLLABLE NYAE
        45320 == code || // Lo       HANGUL SYLLABLE NEO
        45348 == code || // Lo       HANGUL SYLLABLE NE
        45376 == code || // Lo       HANGUL SYLLABLE NYEO
        45404 == code || // Lo       HANGUL SYLLABLE NYE
        45432 == code || // Lo       HANGUL SYLLABLE NO
        45460 == code || // Lo       HANGUL SYLLABLE NWA
        45488 == code || // Lo       HANGUL SYLLABLE NWAE
        45516 == code || // Lo       HANGUL SYLLABLE NOE
        45544 == code || // Lo       HANGUL SYLLABLE NYO
        45572 == code || // Lo       HANGUL SYLLABLE NU
        45600 == code || // Lo       HANGUL SYLLABLE NWEO
        45628 == code || // Lo       HANGUL SYLLABLE NWE
        45656 == code || // Lo       HANGUL SYLLABLE NWI
        45684 == code || // Lo       HANGUL SYLLABLE NYU
        45712 == code || // Lo       HANGUL SYLLABLE NEU
        45740 == code || // Lo       HANGUL SYLLABLE NYI
        45768 == code || // Lo       HANGUL SYLLABLE NI
        45796 == code || // Lo       HANGUL SYLLABLE DA
        45824 == code || // Lo       HANGUL SYLLABLE DAE
        45852 == code || // Lo       HANGUL SYLLABLE DYA
        45880 == code || // Lo       HANGUL SYLLABLE DYAE
        45908 == code || // Lo       HANGUL SYLLABLE DEO
        45936 == code || // Lo       HANGUL SYLLABLE DE
        45964 == code || // Lo       HANGUL SYLLABLE DYEO
        45992 == code || // Lo       HANGUL SYLLABLE DYE
        46020 == code || // Lo       HANGUL SYLLABLE DO
        46048 == code || // Lo       HANGUL SYLLABLE DWA
        46076 == code || // Lo       HANGUL SYLLABLE DWAE
        46104 == code || // Lo       HANGUL SYLLABLE DOE
        46132 == code || // Lo       HANGUL SYLLABLE DYO
        46160 == code || // Lo       HANGUL SYLLABLE DU
        46188 == code || // Lo       HANGUL SYLLABLE DWEO
        46216 == code || // Lo       HANGUL SYLLABLE DWE
        46244 == code || // Lo       HANGUL SYLLABLE DWI
        46272 == code || // Lo       HANGUL SYLLABLE DYU
        46300 == code || // Lo       HANGUL SYLLABLE DEU
        46328 == code || // Lo       HANGUL SYLLABLE DYI
        46356 == code || // Lo       HANGUL SYLLABLE DI
        46384 == code || // Lo       HANGUL SYLLABLE DDA
        46412 == code || // Lo       HANGUL SYLLABLE DDAE
        46440 == code || // Lo       HANGUL SYLLABLE DDYA
        46468 == code || // Lo       HANGUL SYLLABLE DDYAE
        46496 == code || // Lo       HANGUL SYLLABLE DDEO
        46524 == code || // Lo       HANGUL SYLLABLE DDE
        46552 == code || // Lo       HANGUL SYLLABLE DDYEO
        46580 == code || // Lo       HANGUL SYLLABLE DDYE
        46608 == code || // Lo       HANGUL SYLLABLE DDO
        46636 == code || // Lo       HANGUL SYLLABLE DDWA
        46664 == code || // Lo       HANGUL SYLLABLE DDWAE
        46692 == code || // Lo       HANGUL SYLLABLE DDOE
        46720 == code || // Lo       HANGUL SYLLABLE DDYO
        46748 == code || // Lo       HANGUL SYLLABLE DDU
        46776 == code || // Lo       HANGUL SYLLABLE DDWEO
        46804 == code || // Lo       HANGUL SYLLABLE DDWE
        46832 == code || // Lo       HANGUL SYLLABLE DDWI
        46860 == code || // Lo       HANGUL SYLLABLE DDYU
        46888 == code || // Lo       HANGUL SYLLABLE DDEU
        46916 == code || // Lo       HANGUL SYLLABLE DDYI
        46944 == code || // Lo       HANGUL SYLLABLE DDI
        46972 == code || // Lo       HANGUL SYLLABLE RA
        47e3 == code || // Lo       HANGUL SYLLABLE RAE
        47028 == code || // Lo       HANGUL SYLLABLE RYA
        47056 == code || // Lo       HANGUL SYLLABLE RYAE
        47084 == code || // Lo       HANGUL SYLLABLE REO
        47112 == code || // Lo       HANGUL SYLLABLE RE
        47140 == code || // Lo       HANGUL SYLLABLE RYEO
        47168 == code || // Lo       HANGUL SYLLABLE RYE
        47196 == code || // Lo       HANGUL SYLLABLE RO
        47224 == code || // Lo       HANGUL SYLLABLE RWA
        47252 == code || // Lo       HANGUL SYLLABLE RWAE
        47280 == code || // Lo       HANGUL SYLLABLE ROE
        47308 == code || // Lo       HANGUL SYLLABLE RYO
        47336 == code || // Lo       HANGUL SYLLABLE RU
        47364 == code || // Lo       HANGUL SYLLABLE RWEO
        47392 == code || // Lo       HANGUL SYLLABLE RWE
        47420 == code || // Lo       HANGUL SYLLABLE RWI
        47448 == code || // Lo       HANGUL SYLLABLE RYU
        47476 == code || // Lo       HANGUL SYLLABLE REU
        47504 == code || // Lo       HANGUL SYLLABLE RYI
        47532 == code || // Lo       HANGUL SYLLABLE RI
        47560 == code || // Lo       HANGUL SYLLABLE MA
        47588 == code || // Lo       HANGUL SYLLABLE MAE
        47616 == code || // Lo       HANGUL SYLLABLE MYA
        47644 == code || // Lo       HANGUL SYLLABLE MYAE
        47672 == code || // Lo       HANGUL SYLLABLE MEO
        47700 == code || // Lo       HANGUL SYLLABLE ME
        47728 == code || // Lo       HANGUL SYLLABLE MYEO
        47756 == code || // Lo       HANGUL SYLLABLE MYE
        47784 == code || // Lo       HANGUL SYLLABLE MO
        47812 == code || // Lo       HANGUL SYLLABLE MWA
        47840 == code || // Lo       HANGUL SYLLABLE MWAE
        47868 == code || // Lo       HANGUL SYLLABLE MOE
        47896 == code || // Lo       HANGUL SYLLABLE MYO
        47924 == code || // Lo       HANGUL SYLLABLE MU
        47952 == code || // Lo       HANGUL SYLLABLE MWEO
        47980 == code || // Lo       HANGUL SYLLABLE MWE
        48008 == code || // Lo       HANGUL SYLLABLE MWI
        48036 == code || // Lo       HANGUL SYLLABLE MYU
        48064 == code || // Lo       HANGUL SYLLABLE MEU
        48092 == code || // Lo       HANGUL SYLLABLE MYI
        48120 == code || // Lo       HANGUL SYLLABLE MI
        48148 == code || // Lo       HANGUL SYLLABLE BA
        48176 == code || // Lo       HANGUL SYLLABLE BAE
        48204 == code || // Lo       HANGUL SYLLABLE BYA
        48232 == code || // Lo       HANGUL SYLLABLE BYAE
        48260 == code || // Lo       HANGUL SYLLABLE BEO
        48288 == code || // Lo       HANGUL SYLLABLE BE
        48316 == code || // Lo       HANGUL SYLLABLE BYEO
        48344 == code || // Lo       HANGUL SYLLABLE BYE
        48372 == code || // Lo       HANGUL SYLLABLE BO
        48400 == code || // Lo       HANGUL SYLLABLE BWA
        48428 == code || // Lo       HANGUL SYLLABLE BWAE
        48456 == code || // Lo       HANGUL SYLLABLE BOE
        48484 == code || // Lo       HANGUL SYLLABLE BYO
        48512 == code || // Lo       HANGUL SYLLABLE BU
        48540 == code || // Lo       HANGUL SYLLABLE BWEO
        48568 == code || // Lo       HANGUL SYLLABLE BWE
        48596 == code || // Lo       HANGUL SYLLABLE BWI
        48624 == code || // Lo       HANGUL SYLLABLE BYU
        48652 == code || // Lo       HANGUL SYLLABLE BEU
        48680 == code || // Lo       HANGUL SYLLABLE BYI
        48708 == code || // Lo       HANGUL SYLLABLE BI
        48736 == code || // Lo       HANGUL SYLLABLE BBA
        48764 == code || // Lo       HANGUL SYLLABLE BBAE
        48792 == code || // Lo       HANGUL SYLLABLE BBYA
        48820 == code || // Lo       HANGUL SYLLABLE BBYAE
        48848 == code || // Lo       HANGUL SYLLABLE BBEO
        48876 == code || // Lo       HANGUL SYLLABLE BBE
        48904 == code || // Lo       HANGUL SYLLABLE BBYEO
        48932 == code || // Lo       HANGUL SYLLABLE BBYE
        48960 == code || // Lo       HANGUL SYLLABLE BBO
        48988 == code || // Lo       HANGUL SYLLABLE BBWA
        49016 == code || // Lo       HANGUL SYLLABLE BBWAE
        49044 == code || // Lo       HANGUL SYLLABLE BBOE
        49072 == code || // Lo       HANGUL SYLLABLE BBYO
        49100 == code || // Lo       HANGUL SYLLABLE BBU
        49128 == code || // Lo       HANGUL SYLLABLE BBWEO
        49156 == code || // Lo       HANGUL SYLLABLE BBWE
        49184 == code || // Lo       HANGUL SYLLABLE BBWI
        49212 == code || // Lo       HANGUL SYLLABLE BBYU
        49240 == code || // Lo       HANGUL SYLLABLE BBEU
        49268 == code || // Lo       HANGUL SYLLABLE BBYI
        49296 == code || // Lo       HANGUL SYLLABLE BBI
        49324 == code || // Lo       HANGUL SYLLABLE SA
        49352 == code || // Lo       HANGUL SYLLABLE SAE
        49380 == code || // Lo       HANGUL SYLLABLE SYA
        49408 == code || // Lo       HANGUL SYLLABLE SYAE
        49436 == code || // Lo       HANGUL SYLLABLE SEO
        49464 == code || // Lo       HANGUL SYLLABLE SE
        49492 == code || // Lo       HANGUL SYLLABLE SYEO
        49520 == code || // Lo       HANGUL SYLLABLE SYE
        49548 == code || // Lo       HANGUL SYLLABLE SO
        49576 == code || // Lo       HANGUL SYLLABLE SWA
        49604 == code || // Lo       HANGUL SYLLABLE SWAE
        49632 == code || // Lo       HANGUL SYLLABLE SOE
        49660 == code || // Lo       HANGUL SYLLABLE SYO
        49688 == code || // Lo       HANGUL SYLLABLE SU
        49716 == code || // Lo       HANGUL SYLLABLE SWEO
        49744 == code || // Lo       HANGUL SYLLABLE SWE
        49772 == code || // Lo       HANGUL SYLLABLE SWI
        49800 == code || // Lo       HANGUL SYLLABLE SYU
        49828 == code || // Lo       HANGUL SYLLABLE SEU
        49856 == code || // Lo       HANGUL SYLLABLE SYI
        49884 == code || // Lo       HANGUL SYLLABLE SI
        49912 == code || // Lo       HANGUL SYLLABLE SSA
        49940 == code || // Lo       HANGUL SYLLABLE SSAE
        49968 == code || // Lo       HANGUL SYLLABLE SSYA
        49996 == code || // Lo       HANGUL SYLLABLE SSYAE
        50024 == code || // Lo       HANGUL SYLLABLE SSEO
        50052 == code || // Lo       HANGUL SYLLABLE SSE
        50080 == code || // Lo       HANGUL SYLLABLE SSYEO
        50108 == code || // Lo       HANGUL SYLLABLE SSYE
        50136 == code || // Lo       HANGUL SYLLABLE SSO
        50164 == code || // Lo       HANGUL SYLLABLE SSWA
        50192 == code || // Lo       HANGUL SYLLABLE SSWAE
        50220 == code || // Lo       HANGUL SYLLABLE SSOE
        50248 == code || // Lo       HANGUL SYLLABLE SSYO
        50276 == code || // Lo       HANGUL SYLLABLE SSU
        50304 == code || // Lo       HANGUL SYLLABLE SSWEO
        50332 == code || // Lo       HANGUL SYLLABLE SSWE
        50360 == code || // Lo       HANGUL SYLLABLE SSWI
        50388 == code || // Lo       HANGUL SYLLABLE SSYU
        50416 == code || // Lo       HANGUL SYLLABLE SSEU
        50444 == code || // Lo       HANGUL SYLLABLE SSYI
        50472 == code || // Lo       HANGUL SYLLABLE SSI
        50500 == code || // Lo       HANGUL SYLLABLE A
        50528 == code || // Lo       HANGUL SYLLABLE AE
        50556 == code || // Lo       HANGUL SYLLABLE YA
        50584 == code || // Lo       HANGUL SYLLABLE YAE
        50612 == code || // Lo       HANGUL SYLLABLE EO
        50640 == code || // Lo       HANGUL SYLLABLE E
        50668 == code || // Lo       HANGUL SYLLABLE YEO
        50696 == code || // Lo       HANGUL SYLLABLE YE
        50724 == code || // Lo       HANGUL SYLLABLE O
        50752 == code || // Lo       HANGUL SYLLABLE WA
        50780 == code || // Lo       HANGUL SYLLABLE WAE
        50808 == code || // Lo       HANGUL SYLLABLE OE
        50836 == code || // Lo       HANGUL SYLLABLE YO
        50864 == code || // Lo       HANGUL SYLLABLE U
        50892 == code || // Lo       HANGUL SYLLABLE WEO
        50920 == code || // Lo       HANGUL SYLLABLE WE
        50948 == code || // Lo       HANGUL SYLLABLE WI
        50976 == code || // Lo       HANGUL SYLLABLE YU
        51004 == code || // Lo       HANGUL SYLLABLE EU
        51032 == code || // Lo       HANGUL SYLLABLE YI
        51060 == code || // Lo       HANGUL SYLLABLE I
        51088 == code || // Lo       HANGUL SYLLABLE JA
        51116 == code || // Lo       HANGUL SYLLABLE JAE
        51144 == code || // Lo       HANGUL SYLLABLE JYA
        51172 == code || // Lo       HANGUL SYLLABLE JYAE
        51200 == code || // Lo       HANGUL SYLLABLE JEO
        51228 == code || // Lo       HANGUL SYLLABLE JE
        51256 == code || // Lo       HANGUL SYLLABLE JYEO
        51284 == code || // Lo       HANGUL SYLLABLE JYE
        51312 == code || // Lo       HANGUL SYLLABLE JO
        51340 == code || // Lo       HANGUL SYLLABLE JWA
        51368 == code || // Lo       HANGUL SYLLABLE JWAE
        51396 == code || // Lo       HANGUL SYLLABLE JOE
        51424 == code || // Lo       HANGUL SYLLABLE JYO
        51452 == code || // Lo       HANGUL SYLLABLE JU
        51480 == code || // Lo       HANGUL SYLLABLE JWEO
        51508 == code || // Lo       HANGUL SYLLABLE JWE
        51536 == code || // Lo       HANGUL SYLLABLE JWI
        51564 == code || // Lo       HANGUL SYLLABLE JYU
        51592 == code || // Lo       HANGUL SYLLABLE JEU
        51620 == code || // Lo       HANGUL SYLLABLE JYI
        51648 == code || // Lo       HANGUL SYLLABLE JI
        51676 == code || // Lo       HANGUL SYLLABLE JJA
        51704 == code || // Lo       HANGUL SYLLABLE JJAE
        51732 == code || // Lo       HANGUL SYLLABLE JJYA
        51760 == code || // Lo       HANGUL SYLLABLE JJYAE
        51788 == code || // Lo       HANGUL SYLLABLE JJEO
        51816 == code || // Lo       HANGUL SYLLABLE JJE
        51844 == code || // Lo       HANGUL SYLLABLE JJYEO
        51872 == code || // Lo       HANGUL SYLLABLE JJYE
        51900 == code || // Lo       HANGUL SYLLABLE JJO
        51928 == code || // Lo       HANGUL SYLLABLE JJWA
        51956 == code || // Lo       HANGUL SYLLABLE JJWAE
        51984 == code || // Lo       HANGUL SYLLABLE JJOE
        52012 == code || // Lo       HANGUL SYLLABLE JJYO
        52040 == code || // Lo       HANGUL SYLLABLE JJU
        52068 == code || // Lo       HANGUL SYLLABLE JJWEO
        52096 == code || // Lo       HANGUL SYLLABLE JJWE
        52124 == code || // Lo       HANGUL SYLLABLE JJWI
        52152 == code || // Lo       HANGUL SYLLABLE JJYU
        52180 == code || // Lo       HANGUL SYLLABLE JJEU
        52208 == code || // Lo       HANGUL SYLLABLE JJYI
        52236 == code || // Lo       HANGUL SYLLABLE JJI
        52264 == code || // Lo       HANGUL SYLLABLE CA
        52292 == code || // Lo       HANGUL SYLLABLE CAE
        52320 == code || // Lo       HANGUL SYLLABLE CYA
        52348 == code || // Lo       HANGUL SYLLABLE CYAE
        52376 == code || // Lo       HANGUL SYLLABLE CEO
        52404 == code || // Lo       HANGUL SYLLABLE CE
        52432 == code || // Lo       HANGUL SYLLABLE CYEO
        52460 == code || // Lo       HANGUL SYLLABLE CYE
        52488 == code || // Lo       HANGUL SYLLABLE CO
        52516 == code || // Lo       HANGUL SYLLABLE CWA
        52544 == code || // Lo       HANGUL SYLLABLE CWAE
        52572 == code || // Lo       HANGUL SYLLABLE COE
        52600 == code || // Lo       HANGUL SYLLABLE CYO
        52628 == code || // Lo       HANGUL SYLLABLE CU
        52656 == code || // Lo       HANGUL SYLLABLE CWEO
        52684 == code || // Lo       HANGUL SYLLABLE CWE
        52712 == code || // Lo       HANGUL SYLLABLE CWI
        52740 == code || // Lo       HANGUL SYLLABLE CYU
        52768 == code || // Lo       HANGUL SYLLABLE CEU
        52796 == code || // Lo       HANGUL SYLLABLE CYI
        52824 == code || // Lo       HANGUL SYLLABLE CI
        52852 == code || // Lo       HANGUL SYLLABLE KA
        52880 == code || // Lo       HANGUL SYLLABLE KAE
        52908 == code || // Lo       HANGUL SYLLABLE KYA
        52936 == code || // Lo       HANGUL SYLLABLE KYAE
        52964 == code || // Lo       HANGUL SYLLABLE KEO
        52992 == code || // Lo       HANGUL SYLLABLE KE
        53020 == code || // Lo       HANGUL SYLLABLE KYEO
        53048 == code || // Lo       HANGUL SYLLABLE KYE
        53076 == code || // Lo       HANGUL SYLLABLE KO
        53104 == code || // Lo       HANGUL SYLLABLE KWA
        53132 == code || // Lo       HANGUL SYLLABLE KWAE
        53160 == code || // Lo       HANGUL SYLLABLE KOE
        53188 == code || // Lo       HANGUL SYLLABLE KYO
        53216 == code || // Lo       HANGUL SYLLABLE KU
        53244 == code || // Lo       HANGUL SYLLABLE KWEO
        53272 == code || // Lo       HANGUL SYLLABLE KWE
        53300 == code || // Lo       HANGUL SYLLABLE KWI
        53328 == code || // Lo       HANGUL SYLLABLE KYU
        53356 == code || // Lo       HANGUL SYLLABLE KEU
        53384 == code || // Lo       HANGUL SYLLABLE KYI
        53412 == code || // Lo       HANGUL SYLLABLE KI
        53440 == code || // Lo       HANGUL SYLLABLE TA
        53468 == code || // Lo       HANGUL SYLLABLE TAE
        53496 == code || // Lo       HANGUL SYLLABLE TYA
        53524 == code || // Lo       HANGUL SYLLABLE TYAE
        53552 == code || // Lo       HANGUL SYLLABLE TEO
        53580 == code || // Lo       HANGUL SYLLABLE TE
        53608 == code || // Lo       HANGUL SYLLABLE TYEO
        53636 == code || // Lo       HANGUL SYLLABLE TYE
        53664 == code || // Lo       HANGUL SYLLABLE TO
        53692 == code || // Lo       HANGUL SYLLABLE TWA
        53720 == code || // Lo       HANGUL SYLLABLE TWAE
        53748 == code || // Lo       HANGUL SYLLABLE TOE
        53776 == code || // Lo       HANGUL SYLLABLE TYO
        53804 == code || // Lo       HANGUL SYLLABLE TU
        53832 == code || // Lo       HANGUL SYLLABLE TWEO
        53860 == code || // Lo       HANGUL SYLLABLE TWE
        53888 == code || // Lo       HANGUL SYLLABLE TWI
        53916 == code || // Lo       HANGUL SYLLABLE TYU
        53944 == code || // Lo       HANGUL SYLLABLE TEU
        53972 == code || // Lo       HANGUL SYLLABLE TYI
        54e3 == code || // Lo       HANGUL SYLLABLE TI
        54028 == code || // Lo       HANGUL SYLLABLE PA
        54056 == code || // Lo       HANGUL SYLLABLE PAE
        54084 == code || // Lo       HANGUL SYLLABLE PYA
        54112 == code || // Lo       HANGUL SYLLABLE PYAE
        54140 == code || // Lo       HANGUL SYLLABLE PEO
        54168 == code || // Lo       HANGUL SYLLABLE PE
        54196 == code || // Lo       HANGUL SYLLABLE PYEO
        54224 == code || // Lo       HANGUL SYLLABLE PYE
        54252 == code || // Lo       HANGUL SYLLABLE PO
        54280 == code || // Lo       HANGUL SYLLABLE PWA
        54308 == code || // Lo       HANGUL SYLLABLE PWAE
        54336 == code || // Lo       HANGUL SYLLABLE POE
        54364 == code || // Lo       HANGUL SYLLABLE PYO
        54392 == code || // Lo       HANGUL SYLLABLE PU
        54420 == code || // Lo       HANGUL SYLLABLE PWEO
        54448 == code || // Lo       HANGUL SYLLABLE PWE
        54476 == code || // Lo       HANGUL SYLLABLE PWI
        54504 == code || // Lo       HANGUL SYLLABLE PYU
        54532 == code || // Lo       HANGUL SYLLABLE PEU
        54560 == code || // Lo       HANGUL SYLLABLE PYI
        54588 == code || // Lo       HANGUL SYLLABLE PI
        54616 == code || // Lo       HANGUL SYLLABLE HA
        54644 == code || // Lo       HANGUL SYLLABLE HAE
        54672 == code || // Lo       HANGUL SYLLABLE HYA
        54700 == code || // Lo       HANGUL SYLLABLE HYAE
        54728 == code || // Lo       HANGUL SYLLABLE HEO
        54756 == code || // Lo       HANGUL SYLLABLE HE
        54784 == code || // Lo       HANGUL SYLLABLE HYEO
        54812 == code || // Lo       HANGUL SYLLABLE HYE
        54840 == code || // Lo       HANGUL SYLLABLE HO
        54868 == code || // Lo       HANGUL SYLLABLE HWA
        54896 == code || // Lo       HANGUL SYLLABLE HWAE
        54924 == code || // Lo       HANGUL SYLLABLE HOE
        54952 == code || // Lo       HANGUL SYLLABLE HYO
        54980 == code || // Lo       HANGUL SYLLABLE HU
        55008 == code || // Lo       HANGUL SYLLABLE HWEO
        55036 == code || // Lo       HANGUL SYLLABLE HWE
        55064 == code || // Lo       HANGUL SYLLABLE HWI
        55092 == code || // Lo       HANGUL SYLLABLE HYU
        55120 == code || // Lo       HANGUL SYLLABLE HEU
        55148 == code || // Lo       HANGUL SYLLABLE HYI
        55176 == code) {
          return LV;
        }
        if (44033 <= code && code <= 44059 || // Lo  [27] HANGUL SYLLABLE GAG..HANGUL SYLLABLE GAH
        44061 <= code && code <= 44087 || // Lo  [27] HANGUL SYLLABLE GAEG..HANGUL SYLLABLE GAEH
        44089 <= code && code <= 44115 || // Lo  [27] HANGUL SYLLABLE GYAG..HANGUL SYLLABLE GYAH
        44117 <= code && code <= 44143 || // Lo  [27] HANGUL SYLLABLE GYAEG..HANGUL SYLLABLE GYAEH
        44145 <= code && code <= 44171 || // Lo  [27] HANGUL SYLLABLE GEOG..HANGUL SYLLABLE GEOH
        44173 <= code && code <= 44199 || // Lo  [27] HANGUL SYLLABLE GEG..HANGUL SYLLABLE GEH
        44201 <= code && code <= 44227 || // Lo  [27] HANGUL SYLLABLE GYEOG..HANGUL SYLLABLE GYEOH
        44229 <= code && code <= 44255 || // Lo  [27] HANGUL SYLLABLE GYEG..HANGUL SYLLABLE GYEH
        44257 <= code && code <= 44283 || // Lo  [27] HANGUL SYLLABLE GOG..HANGUL SYLLABLE GOH
        44285 <= code && code <= 44311 || // Lo  [27] HANGUL SYLLABLE GWAG..HANGUL SYLLABLE GWAH
        44313 <= code && code <= 44339 || // Lo  [27] HANGUL SYLLABLE GWAEG..HANGUL SYLLABLE GWAEH
        44341 <= code && code <= 44367 || // Lo  [27] HANGUL SYLLABLE GOEG..HANGUL SYLLABLE GOEH
        44369 <= code && code <= 44395 || // Lo  [27] HANGUL SYLLABLE GYOG..HANGUL SYLLABLE GYOH
        44397 <= code && code <= 44423 || // Lo  [27] HANGUL SYLLABLE GUG..HANGUL SYLLABLE GUH
        44425 <= code && code <= 44451 || // Lo  [27] HANGUL SYLLABLE GWEOG..HANGUL SYLLABLE GWEOH
        44453 <= code && code <= 44479 || // Lo  [27] HANGUL SYLLABLE GWEG..HANGUL SYLLABLE GWEH
        44481 <= code && code <= 44507 || // Lo  [27] HANGUL SYLLABLE GWIG..HANGUL SYLLABLE GWIH
        44509 <= code && code <= 44535 || // Lo  [27] HANGUL SYLLABLE GYUG..HANGUL SYLLABLE GYUH
        44537 <= code && code <= 44563 || // Lo  [27] HANGUL SYLLABLE GEUG..HANGUL SYLLABLE GEUH
        44565 <= code && code <= 44591 || // Lo  [27] HANGUL SYLLABLE GYIG..HANGUL SYLLABLE GYIH
        44593 <= code && code <= 44619 || // Lo  [27] HANGUL SYLLABLE GIG..HANGUL SYLLABLE GIH
        44621 <= code && code <= 44647 || // Lo  [27] HANGUL SYLLABLE GGAG..HANGUL SYLLABLE GGAH
        44649 <= code && code <= 44675 || // Lo  [27] HANGUL SYLLABLE GGAEG..HANGUL SYLLABLE GGAEH
        44677 <= code && code <= 44703 || // Lo  [27] HANGUL SYLLABLE GGYAG..HANGUL SYLLABLE GGYAH
        44705 <= code && code <= 44731 || // Lo  [27] HANGUL SYLLABLE GGYAEG..HANGUL SYLLABLE GGYAEH
        44733 <= code && code <= 44759 || // Lo  [27] HANGUL SYLLABLE GGEOG..HANGUL SYLLABLE GGEOH
        44761 <= code && code <= 44787 || // Lo  [27] HANGUL SYLLABLE GGEG..HANGUL SYLLABLE GGEH
        44789 <= code && code <= 44815 || // Lo  [27] HANGUL SYLLABLE GGYEOG..HANGUL SYLLABLE GGYEOH
        44817 <= code && code <= 44843 || // Lo  [27] HANGUL SYLLABLE GGYEG..HANGUL SYLLABLE GGYEH
        44845 <= code && code <= 44871 || // Lo  [27] HANGUL SYLLABLE GGOG..HANGUL SYLLABLE GGOH
        44873 <= code && code <= 44899 || // Lo  [27] HANGUL SYLLABLE GGWAG..HANGUL SYLLABLE GGWAH
        44901 <= code && code <= 44927 || // Lo  [27] HANGUL SYLLABLE GGWAEG..HANGUL SYLLABLE GGWAEH
        44929 <= code && code <= 44955 || // Lo  [27] HANGUL SYLLABLE GGOEG..HANGUL SYLLABLE GGOEH
        44957 <= code && code <= 44983 || // Lo  [27] HANGUL SYLLABLE GGYOG..HANGUL SYLLABLE GGYOH
        44985 <= code && code <= 45011 || // Lo  [27] HANGUL SYLLABLE GGUG..HANGUL SYLLABLE GGUH
        45013 <= code && code <= 45039 || // Lo  [27] HANGUL SYLLABLE GGWEOG..HANGUL SYLLABLE GGWEOH
        45041 <= code && code <= 45067 || // Lo  [27] HANGUL SYLLABLE GGWEG..HANGUL SYLLABLE GGWEH
        45069 <= code && code <= 45095 || // Lo  [27] HANGUL SYLLABLE GGWIG..HANGUL SYLLABLE GGWIH
        45097 <= code && code <= 45123 || // Lo  [27] HANGUL SYLLABLE GGYUG..HANGUL SYLLABLE GGYUH
        45125 <= code && code <= 45151 || // Lo  [27] HANGUL SYLLABLE GGEUG..HANGUL SYLLABLE GGEUH
        45153 <= code && code <= 45179 || // Lo  [27] HANGUL SYLLABLE GGYIG..HANGUL SYLLABLE GGYIH
        45181 <= code && code <= 45207 || // Lo  [27] HANGUL SYLLABLE GGIG..HANGUL SYLLABLE GGIH
        45209 <= code && code <= 45235 || // Lo  [27] HANGUL SYLLABLE NAG..HANGUL SYLLABLE NAH
        45237 <= code && code <= 45263 || // Lo  [27] HANGUL SYLLABLE NAEG..HANGUL SYLLABLE NAEH
        45265 <= code && code <= 45291 || // Lo  [27] HANGUL SYLLABLE NYAG..HANGUL SYLLABLE NYAH
        45293 <= code && code <= 45319 || // Lo  [27] HANGUL SYLLABLE NYAEG..HANGUL SYLLABLE NYAEH
        45321 <= code && code <= 45347 || // Lo  [27] HANGUL SYLLABLE NEOG..HANGUL SYLLABLE NEOH
        45349 <= code && code <= 45375 || // Lo  [27] HANGUL SYLLABLE NEG..HANGUL SYLLABLE NEH
        45377 <= code && code <= 45403 || // Lo  [27] HANGUL SYLLABLE NYEOG..HANGUL SYLLABLE NYEOH
        45405 <= code && code <= 45431 || // Lo  [27] HANGUL SYLLABLE NYEG..HANGUL SYLLABLE NYEH
        45433 <= code && code <= 45459 || // Lo  [27] HANGUL SYLLABLE NOG..HANGUL SYLLABLE NOH
        45461 <= code && code <= 45487 || // Lo  [27] HANGUL SYLLABLE NWAG..HANGUL SYLLABLE NWAH
        45489 <= code && code <= 45515 || // Lo  [27] HANGUL SYLLABLE NWAEG..HANGUL SYLLABLE NWAEH
        45517 <= code && code <= 45543 || // Lo  [27] HANGUL SYLLABLE NOEG..HANGUL SYLLABLE NOEH
        45545 <= code && code <= 45571 || // Lo  [27] HANGUL SYLLABLE NYOG..HANGUL SYLLABLE NYOH
        45573 <= code && code <= 45599 || // Lo  [27] HANGUL SYLLABLE NUG..HANGUL SYLLABLE NUH
        45601 <= code && code <= 45627 || // Lo  [27] HANGUL SYLLABLE NWEOG..HANGUL SYLLABLE NWEOH
        45629 <= code && code <= 45655 || // Lo  [27] HANGUL SYLLABLE NWEG..HANGUL SYLLABLE NWEH
        45657 <= code && code <= 45683 || // Lo  [27] HANGUL SYLLABLE NWIG..HANGUL SYLLABLE NWIH
        45685 <= code && code <= 45711 || // Lo  [27] HANGUL SYLLABLE NYUG..HANGUL SYLLABLE NYUH
        45713 <= code && code <= 45739 || // Lo  [27] HANGUL SYLLABLE NEUG..HANGUL SYLLABLE NEUH
        45741 <= code && code <= 45767 || // Lo  [27] HANGUL SYLLABLE NYIG..HANGUL SYLLABLE NYIH
        45769 <= code && code <= 45795 || // Lo  [27] HANGUL SYLLABLE NIG..HANGUL SYLLABLE NIH
        45797 <= code && code <= 45823 || // Lo  [27] HANGUL SYLLABLE DAG..HANGUL SYLLABLE DAH
        45825 <= code && code <= 45851 || // Lo  [27] HANGUL SYLLABLE DAEG..HANGUL SYLLABLE DAEH
        45853 <= code && code <= 45879 || // Lo  [27] HANGUL SYLLABLE DYAG..HANGUL SYLLABLE DYAH
        45881 <= code && code <= 45907 || // Lo  [27] HANGUL SYLLABLE DYAEG..HANGUL SYLLABLE DYAEH
        45909 <= code && code <= 45935 || // Lo  [27] HANGUL SYLLABLE DEOG..HANGUL SYLLABLE DEOH
        45937 <= code && code <= 45963 || // Lo  [27] HANGUL SYLLABLE DEG..HANGUL SYLLABLE DEH
        45965 <= code && code <= 45991 || // Lo  [27] HANGUL SYLLABLE DYEOG..HANGUL SYLLABLE DYEOH
        45993 <= code && code <= 46019 || // Lo  [27] HANGUL SYLLABLE DYEG..HANGUL SYLLABLE DYEH
        46021 <= code && code <= 46047 || // Lo  [27] HANGUL SYLLABLE DOG..HANGUL SYLLABLE DOH
        46049 <= code && code <= 46075 || // Lo  [27] HANGUL SYLLABLE DWAG..HANGUL SYLLABLE DWAH
        46077 <= code && code <= 46103 || // Lo  [27] HANGUL SYLLABLE DWAEG..HANGUL SYLLABLE DWAEH
        46105 <= code && code <= 46131 || // Lo  [27] HANGUL SYLLABLE DOEG..HANGUL SYLLABLE DOEH
        46133 <= code && code <= 46159 || // Lo  [27] HANGUL SYLLABLE DYOG..HANGUL SYLLABLE DYOH
        46161 <= code && code <= 46187 || // Lo  [27] HANGUL SYLLABLE DUG..HANGUL SYLLABLE DUH
        46189 <= code && code <= 46215 || // Lo  [27] HANGUL SYLLABLE DWEOG..HANGUL SYLLABLE DWEOH
        46217 <= code && code <= 46243 || // Lo  [27] HANGUL SYLLABLE DWEG..HANGUL SYLLABLE DWEH
        46245 <= code && code <= 46271 || // Lo  [27] HANGUL SYLLABLE DWIG..HANGUL SYLLABLE DWIH
        46273 <= code && code <= 46299 || // Lo  [27] HANGUL SYLLABLE DYUG..HANGUL SYLLABLE DYUH
        46301 <= code && code <= 46327 || // Lo  [27] HANGUL SYLLABLE DEUG..HANGUL SYLLABLE DEUH
        46329 <= code && code <= 46355 || // Lo  [27] HANGUL SYLLABLE DYIG..HANGUL SYLLABLE DYIH
        46357 <= code && code <= 46383 || // Lo  [27] HANGUL SYLLABLE DIG..HANGUL SYLLABLE DIH
        46385 <= code && code <= 46411 || // Lo  [27] HANGUL SYLLABLE DDAG..HANGUL SYLLABLE DDAH
        46413 <= code && code <= 46439 || // Lo  [27] HANGUL SYLLABLE DDAEG..HANGUL SYLLABLE DDAEH
        46441 <= code && code <= 46467 || // Lo  [27] HANGUL SYLLABLE DDYAG..HANGUL SYLLABLE DDYAH
        46469 <= code && code <= 46495 || // Lo  [27] HANGUL SYLLABLE DDYAEG..HANGUL SYLLABLE DDYAEH
        46497 <= code && code <= 46523 || // Lo  [27] HANGUL SYLLABLE DDEOG..HANGUL SYLLABLE DDEOH
        46525 <= code && code <= 46551 || // Lo  [27] HANGUL SYLLABLE DDEG..HANGUL SYLLABLE DDEH
        46553 <= code && code <= 46579 || // Lo  [27] HANGUL SYLLABLE DDYEOG..HANGUL SYLLABLE DDYEOH
        46581 <= code && code <= 46607 || // Lo  [27] HANGUL SYLLABLE DDYEG..HANGUL SYLLABLE DDYEH
        46609 <= code && code <= 46635 || // Lo  [27] HANGUL SYLLABLE DDOG..HANGUL SYLLABLE DDOH
        46637 <= code && code <= 46663 || // Lo  [27] HANGUL SYLLABLE DDWAG..HANGUL SYLLABLE DDWAH
        46665 <= code && code <= 46691 || // Lo  [27] HANGUL SYLLABLE DDWAEG..HANGUL SYLLABLE DDWAEH
        46693 <= code && code <= 46719 || // Lo  [27] HANGUL SYLLABLE DDOEG..HANGUL SYLLABLE DDOEH
        46721 <= code && code <= 46747 || // Lo  [27] HANGUL SYLLABLE DDYOG..HANGUL SYLLABLE DDYOH
        46749 <= code && code <= 46775 || // Lo  [27] HANGUL SYLLABLE DDUG..HANGUL SYLLABLE DDUH
        46777 <= code && code <= 46803 || // Lo  [27] HANGUL SYLLABLE DDWEOG..HANGUL SYLLABLE DDWEOH
        46805 <= code && code <= 46831 || // Lo  [27] HANGUL SYLLABLE DDWEG..HANGUL SYLLABLE DDWEH
        46833 <= code && code <= 46859 || // Lo  [27] HANGUL SYLLABLE DDWIG..HANGUL SYLLABLE DDWIH
        46861 <= code && code <= 46887 || // Lo  [27] HANGUL SYLLABLE DDYUG..HANGUL SYLLABLE DDYUH
        46889 <= code && code <= 46915 || // Lo  [27] HANGUL SYLLABLE DDEUG..HANGUL SYLLABLE DDEUH
        46917 <= code && code <= 46943 || // Lo  [27] HANGUL SYLLABLE DDYIG..HANGUL SYLLABLE DDYIH
        46945 <= code && code <= 46971 || // Lo  [27] HANGUL SYLLABLE DDIG..HANGUL SYLLABLE DDIH
        46973 <= code && code <= 46999 || // Lo  [27] HANGUL SYLLABLE RAG..HANGUL SYLLABLE RAH
        47001 <= code && code <= 47027 || // Lo  [27] HANGUL SYLLABLE RAEG..HANGUL SYLLABLE RAEH
        47029 <= code && code <= 47055 || // Lo  [27] HANGUL SYLLABLE RYAG..HANGUL SYLLABLE RYAH
        47057 <= code && code <= 47083 || // Lo  [27] HANGUL SYLLABLE RYAEG..HANGUL SYLLABLE RYAEH
        47085 <= code && code <= 47111 || // Lo  [27] HANGUL SYLLABLE REOG..HANGUL SYLLABLE REOH
        47113 <= code && code <= 47139 || // Lo  [27] HANGUL SYLLABLE REG..HANGUL SYLLABLE REH
        47141 <= code && code <= 47167 || // Lo  [27] HANGUL SYLLABLE RYEOG..HANGUL SYLLABLE RYEOH
        47169 <= code && code <= 47195 || // Lo  [27] HANGUL SYLLABLE RYEG..HANGUL SYLLABLE RYEH
        47197 <= code && code <= 47223 || // Lo  [27] HANGUL SYLLABLE ROG..HANGUL SYLLABLE ROH
        47225 <= code && code <= 47251 || // Lo  [27] HANGUL SYLLABLE RWAG..HANGUL SYLLABLE RWAH
        47253 <= code && code <= 47279 || // Lo  [27] HANGUL SYLLABLE RWAEG..HANGUL SYLLABLE RWAEH
        47281 <= code && code <= 47307 || // Lo  [27] HANGUL SYLLABLE ROEG..HANGUL SYLLABLE ROEH
        47309 <= code && code <= 47335 || // Lo  [27] HANGUL SYLLABLE RYOG..HANGUL SYLLABLE RYOH
        47337 <= code && code <= 47363 || // Lo  [27] HANGUL SYLLABLE RUG..HANGUL SYLLABLE RUH
        47365 <= code && code <= 47391 || // Lo  [27] HANGUL SYLLABLE RWEOG..HANGUL SYLLABLE RWEOH
        47393 <= code && code <= 47419 || // Lo  [27] HANGUL SYLLABLE RWEG..HANGUL SYLLABLE RWEH
        47421 <= code && code <= 47447 || // Lo  [27] HANGUL SYLLABLE RWIG..HANGUL SYLLABLE RWIH
        47449 <= code && code <= 47475 || // Lo  [27] HANGUL SYLLABLE RYUG..HANGUL SYLLABLE RYUH
        47477 <= code && code <= 47503 || // Lo  [27] HANGUL SYLLABLE REUG..HANGUL SYLLABLE REUH
        47505 <= code && code <= 47531 || // Lo  [27] HANGUL SYLLABLE RYIG..HANGUL SYLLABLE RYIH
        47533 <= code && code <= 47559 || // Lo  [27] HANGUL SYLLABLE RIG..HANGUL SYLLABLE RIH
        47561 <= code && code <= 47587 || // Lo  [27] HANGUL SYLLABLE MAG..HANGUL SYLLABLE MAH
        47589 <= code && code <= 47615 || // Lo  [27] HANGUL SYLLABLE MAEG..HANGUL SYLLABLE MAEH
        47617 <= code && code <= 47643 || // Lo  [27] HANGUL SYLLABLE MYAG..HANGUL SYLLABLE MYAH
        47645 <= code && code <= 47671 || // Lo  [27] HANGUL SYLLABLE MYAEG..HANGUL SYLLABLE MYAEH
        47673 <= code && code <= 47699 || // Lo  [27] HANGUL SYLLABLE MEOG..HANGUL SYLLABLE MEOH
        47701 <= code && code <= 47727 || // Lo  [27] HANGUL SYLLABLE MEG..HANGUL SYLLABLE MEH
        47729 <= code && code <= 47755 || // Lo  [27] HANGUL SYLLABLE MYEOG..HANGUL SYLLABLE MYEOH
        47757 <= code && code <= 47783 || // Lo  [27] HANGUL SYLLABLE MYEG..HANGUL SYLLABLE MYEH
        47785 <= code && code <= 47811 || // Lo  [27] HANGUL SYLLABLE MOG..HANGUL SYLLABLE MOH
        47813 <= code && code <= 47839 || // Lo  [27] HANGUL SYLLABLE MWAG..HANGUL SYLLABLE MWAH
        47841 <= code && code <= 47867 || // Lo  [27] HANGUL SYLLABLE MWAEG..HANGUL SYLLABLE MWAEH
        47869 <= code && code <= 47895 || // Lo  [27] HANGUL SYLLABLE MOEG..HANGUL SYLLABLE MOEH
        47897 <= code && code <= 47923 || // Lo  [27] HANGUL SYLLABLE MYOG..HANGUL SYLLABLE MYOH
        47925 <= code && code <= 47951 || // Lo  [27] HANGUL SYLLABLE MUG..HANGUL SYLLABLE MUH
        47953 <= code && code <= 47979 || // Lo  [27] HANGUL SYLLABLE MWEOG..HANGUL SYLLABLE MWEOH
        47981 <= code && code <= 48007 || // Lo  [27] HANGUL SYLLABLE MWEG..HANGUL SYLLABLE MWEH
        48009 <= code && code <= 48035 || // Lo  [27] HANGUL SYLLABLE MWIG..HANGUL SYLLABLE MWIH
        48037 <= code && code <= 48063 || // Lo  [27] HANGUL SYLLABLE MYUG..HANGUL SYLLABLE MYUH
        48065 <= code && code <= 48091 || // Lo  [27] HANGUL SYLLABLE MEUG..HANGUL SYLLABLE MEUH
        48093 <= code && code <= 48119 || // Lo  [27] HANGUL SYLLABLE MYIG..HANGUL SYLLABLE MYIH
        48121 <= code && code <= 48147 || // Lo  [27] HANGUL SYLLABLE MIG..HANGUL SYLLABLE MIH
        48149 <= code && code <= 48175 || // Lo  [27] HANGUL SYLLABLE BAG..HANGUL SYLLABLE BAH
        48177 <= code && code <= 48203 || // Lo  [27] HANGUL SYLLABLE BAEG..HANGUL SYLLABLE BAEH
        48205 <= code && code <= 48231 || // Lo  [27] HANGUL SYLLABLE BYAG..HANGUL SYLLABLE BYAH
        48233 <= code && code <= 48259 || // Lo  [27] HANGUL SYLLABLE BYAEG..HANGUL SYLLABLE BYAEH
        48261 <= code && code <= 48287 || // Lo  [27] HANGUL SYLLABLE BEOG..HANGUL SYLLABLE BEOH
        48289 <= code && code <= 48315 || // Lo  [27] HANGUL SYLLABLE BEG..HANGUL SYLLABLE BEH
        48317 <= code && code <= 48343 || // Lo  [27] HANGUL SYLLABLE BYEOG..HANGUL SYLLABLE BYEOH
        48345 <= code && code <= 48371 || // Lo  [27] HANGUL SYLLABLE BYEG..HANGUL SYLLABLE BYEH
        48373 <= code && code <= 48399 || // Lo  [27] HANGUL SYLLABLE BOG..HANGUL SYLLABLE BOH
        48401 <= code && code <= 48427 || // Lo  [27] HANGUL SYLLABLE BWAG..HANGUL SYLLABLE BWAH
        48429 <= code && code <= 48455 || // Lo  [27] HANGUL SYLLABLE BWAEG..HANGUL SYLLABLE BWAEH
        48457 <= code && code <= 48483 || // Lo  [27] HANGUL SYLLABLE BOEG..HANGUL SYLLABLE BOEH
        48485 <= code && code <= 48511 || // Lo  [27] HANGUL SYLLABLE BYOG..HANGUL SYLLABLE BYOH
        48513 <= code && code <= 48539 || // Lo  [27] HANGUL SYLLABLE BUG..HANGUL SYLLABLE BUH
        48541 <= code && code <= 48567 || // Lo  [27] HANGUL SYLLABLE BWEOG..HANGUL SYLLABLE BWEOH
        48569 <= code && code <= 48595 || // Lo  [27] HANGUL SYLLABLE BWEG..HANGUL SYLLABLE BWEH
        48597 <= code && code <= 48623 || // Lo  [27] HANGUL SYLLABLE BWIG..HANGUL SYLLABLE BWIH
        48625 <= code && code <= 48651 || // Lo  [27] HANGUL SYLLABLE BYUG..HANGUL SYLLABLE BYUH
        48653 <= code && code <= 48679 || // Lo  [27] HANGUL SYLLABLE BEUG..HANGUL SYLLABLE BEUH
        48681 <= code && code <= 48707 || // Lo  [27] HANGUL SYLLABLE BYIG..HANGUL SYLLABLE BYIH
        48709 <= code && code <= 48735 || // Lo  [27] HANGUL SYLLABLE BIG..HANGUL SYLLABLE BIH
        48737 <= code && code <= 48763 || // Lo  [27] HANGUL SYLLABLE BBAG..HANGUL SYLLABLE BBAH
        48765 <= code && code <= 48791 || // Lo  [27] HANGUL SYLLABLE BBAEG..HANGUL SYLLABLE BBAEH
        48793 <= code && code <= 48819 || // Lo  [27] HANGUL SYLLABLE BBYAG..HANGUL SYLLABLE BBYAH
        48821 <= code && code <= 48847 || // Lo  [27] HANGUL SYLLABLE BBYAEG..HANGUL SYLLABLE BBYAEH
        48849 <= code && code <= 48875 || // Lo  [27] HANGUL SYLLABLE BBEOG..HANGUL SYLLABLE BBEOH
        48877 <= code && code <= 48903 || // Lo  [27] HANGUL SYLLABLE BBEG..HANGUL SYLLABLE BBEH
        48905 <= code && code <= 48931 || // Lo  [27] HANGUL SYLLABLE BBYEOG..HANGUL SYLLABLE BBYEOH
        48933 <= code && code <= 48959 || // Lo  [27] HANGUL SYLLABLE BBYEG..HANGUL SYLLABLE BBYEH
        48961 <= code && code <= 48987 || // Lo  [27] HANGUL SYLLABLE BBOG..HANGUL SYLLABLE BBOH
        48989 <= code && code <= 49015 || // Lo  [27] HANGUL SYLLABLE BBWAG..HANGUL SYLLABLE BBWAH
        49017 <= code && code <= 49043 || // Lo  [27] HANGUL SYLLABLE BBWAEG..HANGUL SYLLABLE BBWAEH
        49045 <= code && code <= 49071 || // Lo  [27] HANGUL SYLLABLE BBOEG..HANGUL SYLLABLE BBOEH
        49073 <= code && code <= 49099 || // Lo  [27] HANGUL SYLLABLE BBYOG..HANGUL SYLLABLE BBYOH
        49101 <= code && code <= 49127 || // Lo  [27] HANGUL SYLLABLE BBUG..HANGUL SYLLABLE BBUH
        49129 <= code && code <= 49155 || // Lo  [27] HANGUL SYLLABLE BBWEOG..HANGUL SYLLABLE BBWEOH
        49157 <= code && code <= 49183 || // Lo  [27] HANGUL SYLLABLE BBWEG..HANGUL SYLLABLE BBWEH
        49185 <= code && code <= 49211 || // Lo  [27] HANGUL SYLLABLE BBWIG..HANGUL SYLLABLE BBWIH
        49213 <= code && code <= 49239 || // Lo  [27] HANGUL SYLLABLE BBYUG..HANGUL SYLLABLE BBYUH
        49241 <= code && code <= 49267 || // Lo  [27] HANGUL SYLLABLE BBEUG..HANGUL SYLLABLE BBEUH
        49269 <= code && code <= 49295 || // Lo  [27] HANGUL SYLLABLE BBYIG..HANGUL SYLLABLE BBYIH
        49297 <= code && code <= 49323 || // Lo  [27] HANGUL SYLLABLE BBIG..HANGUL SYLLABLE BBIH
        49325 <= code && code <= 49351 || // Lo  [27] HANGUL SYLLABLE SAG..HANGUL SYLLABLE SAH
        49353 <= code && code <= 49379 || // Lo  [27] HANGUL SYLLABLE SAEG..HANGUL SYLLABLE SAEH
        49381 <= code && code <= 49407 || // Lo  [27] HANGUL SYLLABLE SYAG..HANGUL SYLLABLE SYAH
        49409 <= code && code <= 49435 || // Lo  [27] HANGUL SYLLABLE SYAEG..HANGUL SYLLABLE SYAEH
        49437 <= code && code <= 49463 || // Lo  [27] HANGUL SYLLABLE SEOG..HANGUL SYLLABLE SEOH
        49465 <= code && code <= 49491 || // Lo  [27] HANGUL SYLLABLE SEG..HANGUL SYLLABLE SEH
        49493 <= code && code <= 49519 || // Lo  [27] HANGUL SYLLABLE SYEOG..HANGUL SYLLABLE SYEOH
        49521 <= code && code <= 49547 || // Lo  [27] HANGUL SYLLABLE SYEG..HANGUL SYLLABLE SYEH
        49549 <= code && code <= 49575 || // Lo  [27] HANGUL SYLLABLE SOG..HANGUL SYLLABLE SOH
        49577 <= code && code <= 49603 || // Lo  [27] HANGUL SYLLABLE SWAG..HANGUL SYLLABLE SWAH
        49605 <= code && code <= 49631 || // Lo  [27] HANGUL SYLLABLE SWAEG..HANGUL SYLLABLE SWAEH
        49633 <= code && code <= 49659 || // Lo  [27] HANGUL SYLLABLE SOEG..HANGUL SYLLABLE SOEH
        49661 <= code && code <= 49687 || // Lo  [27] HANGUL SYLLABLE SYOG..HANGUL SYLLABLE SYOH
        49689 <= code && code <= 49715 || // Lo  [27] HANGUL SYLLABLE SUG..HANGUL SYLLABLE SUH
        49717 <= code && code <= 49743 || // Lo  [27] HANGUL SYLLABLE SWEOG..HANGUL SYLLABLE SWEOH
        49745 <= code && code <= 49771 || // Lo  [27] HANGUL SYLLABLE SWEG..HANGUL SYLLABLE SWEH
        49773 <= code && code <= 49799 || // Lo  [27] HANGUL SYLLABLE SWIG..HANGUL SYLLABLE SWIH
        49801 <= code && code <= 49827 || // Lo  [27] HANGUL SYLLABLE SYUG..HANGUL SYLLABLE SYUH
        49829 <= code && code <= 49855 || // Lo  [27] HANGUL SYLLABLE SEUG..HANGUL SYLLABLE SEUH
        49857 <= code && code <= 49883 || // Lo  [27] HANGUL SYLLABLE SYIG..HANGUL SYLLABLE SYIH
        49885 <= code && code <= 49911 || // Lo  [27] HANGUL SYLLABLE SIG..HANGUL SYLLABLE SIH
        49913 <= code && code <= 49939 || // Lo  [27] HANGUL SYLLABLE SSAG..HANGUL SYLLABLE SSAH
        49941 <= code && code <= 49967 || // Lo  [27] HANGUL SYLLABLE SSAEG..HANGUL SYLLABLE SSAEH
        49969 <= code && code <= 49995 || // Lo  [27] HANGUL SYLLABLE SSYAG..HANGUL SYLLABLE SSYAH
        49997 <= code && code <= 50023 || // Lo  [27] HANGUL SYLLABLE SSYAEG..HANGUL SYLLABLE SSYAEH
        50025 <= code && code <= 50051 || // Lo  [27] HANGUL SYLLABLE SSEOG..HANGUL SYLLABLE SSEOH
        50053 <= code && code <= 50079 || // Lo  [27] HANGUL SYLLABLE SSEG..HANGUL SYLLABLE SSEH
        50081 <= code && code <= 50107 || // Lo  [27] HANGUL SYLLABLE SSYEOG..HANGUL SYLLABLE SSYEOH
        50109 <= code && code <= 50135 || // Lo  [27] HANGUL SYLLABLE SSYEG..HANGUL SYLLABLE SSYEH
        50137 <= code && code <= 50163 || // Lo  [27] HANGUL SYLLABLE SSOG..HANGUL SYLLABLE SSOH
        50165 <= code && code <= 50191 || // Lo  [27] HANGUL SYLLABLE SSWAG..HANGUL SYLLABLE SSWAH
        50193 <= code && code <= 50219 || // Lo  [27] HANGUL SYLLABLE SSWAEG..HANGUL SYLLABLE SSWAEH
        50221 <= code && code <= 50247 || // Lo  [27] HANGUL SYLLABLE SSOEG..HANGUL SYLLABLE SSOEH
        50249 <= code && code <= 50275 || // Lo  [27] HANGUL SYLLABLE SSYOG..HANGUL SYLLABLE SSYOH
        50277 <= code && code <= 50303 || // Lo  [27] HANGUL SYLLABLE SSUG..HANGUL SYLLABLE SSUH
        50305 <= code && code <= 50331 || // Lo  [27] HANGUL SYLLABLE SSWEOG..HANGUL SYLLABLE SSWEOH
        50333 <= code && code <= 50359 || // Lo  [27] HANGUL SYLLABLE SSWEG..HANGUL SYLLABLE SSWEH
        50361 <= code && code <= 50387 || // Lo  [27] HANGUL SYLLABLE SSWIG..HANGUL SYLLABLE SSWIH
        50389 <= code && code <= 50415 || // Lo  [27] HANGUL SYLLABLE SSYUG..HANGUL SYLLABLE SSYUH
        50417 <= code && code <= 50443 || // Lo  [27] HANGUL SYLLABLE SSEUG..HANGUL SYLLABLE SSEUH
        50445 <= code && code <= 50471 || // Lo  [27] HANGUL SYLLABLE SSYIG..HANGUL SYLLABLE SSYIH
        50473 <= code && code <= 50499 || // Lo  [27] HANGUL SYLLABLE SSIG..HANGUL SYLLABLE SSIH
        50501 <= code && code <= 50527 || // Lo  [27] HANGUL SYLLABLE AG..HANGUL SYLLABLE AH
        50529 <= code && code <= 50555 || // Lo  [27] HANGUL SYLLABLE AEG..HANGUL SYLLABLE AEH
        50557 <= code && code <= 50583 || // Lo  [27] HANGUL SYLLABLE YAG..HANGUL SYLLABLE YAH
        50585 <= code && code <= 50611 || // Lo  [27] HANGUL SYLLABLE YAEG..HANGUL SYLLABLE YAEH
        50613 <= code && code <= 50639 || // Lo  [27] HANGUL SYLLABLE EOG..HANGUL SYLLABLE EOH
        50641 <= code && code <= 50667 || // Lo  [27] HANGUL SYLLABLE EG..HANGUL SYLLABLE EH
        50669 <= code && code <= 50695 || // Lo  [27] HANGUL SYLLABLE YEOG..HANGUL SYLLABLE YEOH
        50697 <= code && code <= 50723 || // Lo  [27] HANGUL SYLLABLE YEG..HANGUL SYLLABLE YEH
        50725 <= code && code <= 50751 || // Lo  [27] HANGUL SYLLABLE OG..HANGUL SYLLABLE OH
        50753 <= code && code <= 50779 || // Lo  [27] HANGUL SYLLABLE WAG..HANGUL SYLLABLE WAH
        50781 <= code && code <= 50807 || // Lo  [27] HANGUL SYLLABLE WAEG..HANGUL SYLLABLE WAEH
        50809 <= code && code <= 50835 || // Lo  [27] HANGUL SYLLABLE OEG..HANGUL SYLLABLE OEH
        50837 <= code && code <= 50863 || // Lo  [27] HANGUL SYLLABLE YOG..HANGUL SYLLABLE YOH
        50865 <= code && code <= 50891 || // Lo  [27] HANGUL SYLLABLE UG..HANGUL SYLLABLE UH
        50893 <= code && code <= 50919 || // Lo  [27] HANGUL SYLLABLE WEOG..HANGUL SYLLABLE WEOH
        50921 <= code && code <= 50947 || // Lo  [27] HANGUL SYLLABLE WEG..HANGUL SYLLABLE WEH
        50949 <= code && code <= 50975 || // Lo  [27] HANGUL SYLLABLE WIG..HANGUL SYLLABLE WIH
        50977 <= code && code <= 51003 || // Lo  [27] HANGUL SYLLABLE YUG..HANGUL SYLLABLE YUH
        51005 <= code && code <= 51031 || // Lo  [27] HANGUL SYLLABLE EUG..HANGUL SYLLABLE EUH
        51033 <= code && code <= 51059 || // Lo  [27] HANGUL SYLLABLE YIG..HANGUL SYLLABLE YIH
        51061 <= code && code <= 51087 || // Lo  [27] HANGUL SYLLABLE IG..HANGUL SYLLABLE IH
        51089 <= code && code <= 51115 || // Lo  [27] HANGUL SYLLABLE JAG..HANGUL SYLLABLE JAH
        51117 <= code && code <= 51143 || // Lo  [27] HANGUL SYLLABLE JAEG..HANGUL SYLLABLE JAEH
        51145 <= code && code <= 51171 || // Lo  [27] HANGUL SYLLABLE JYAG..HANGUL SYLLABLE JYAH
        51173 <= code && code <= 51199 || // Lo  [27] HANGUL SYLLABLE JYAEG..HANGUL SYLLABLE JYAEH
        51201 <= code && code <= 51227 || // Lo  [27] HANGUL SYLLABLE JEOG..HANGUL SYLLABLE JEOH
        51229 <= code && code <= 51255 || // Lo  [27] HANGUL SYLLABLE JEG..HANGUL SYLLABLE JEH
        51257 <= code && code <= 51283 || // Lo  [27] HANGUL SYLLABLE JYEOG..HANGUL SYLLABLE JYEOH
        51285 <= code && code <= 51311 || // Lo  [27] HANGUL SYLLABLE JYEG..HANGUL SYLLABLE JYEH
        51313 <= code && code <= 51339 || // Lo  [27] HANGUL SYLLABLE JOG..HANGUL SYLLABLE JOH
        51341 <= code && code <= 51367 || // Lo  [27] HANGUL SYLLABLE JWAG..HANGUL SYLLABLE JWAH
        51369 <= code && code <= 51395 || // Lo  [27] HANGUL SYLLABLE JWAEG..HANGUL SYLLABLE JWAEH
        51397 <= code && code <= 51423 || // Lo  [27] HANGUL SYLLABLE JOEG..HANGUL SYLLABLE JOEH
        51425 <= code && code <= 51451 || // Lo  [27] HANGUL SYLLABLE JYOG..HANGUL SYLLABLE JYOH
        51453 <= code && code <= 51479 || // Lo  [27] HANGUL SYLLABLE JUG..HANGUL SYLLABLE JUH
        51481 <= code && code <= 51507 || // Lo  [27] HANGUL SYLLABLE JWEOG..HANGUL SYLLABLE JWEOH
        51509 <= code && code <= 51535 || // Lo  [27] HANGUL SYLLABLE JWEG..HANGUL SYLLABLE JWEH
        51537 <= code && code <= 51563 || // Lo  [27] HANGUL SYLLABLE JWIG..HANGUL SYLLABLE JWIH
        51565 <= code && code <= 51591 || // Lo  [27] HANGUL SYLLABLE JYUG..HANGUL SYLLABLE JYUH
        51593 <= code && code <= 51619 || // Lo  [27] HANGUL SYLLABLE JEUG..HANGUL SYLLABLE JEUH
        51621 <= code && code <= 51647 || // Lo  [27] HANGUL SYLLABLE JYIG..HANGUL SYLLABLE JYIH
        51649 <= code && code <= 51675 || // Lo  [27] HANGUL SYLLABLE JIG..HANGUL SYLLABLE JIH
        51677 <= code && code <= 51703 || // Lo  [27] HANGUL SYLLABLE JJAG..HANGUL SYLLABLE JJAH
        51705 <= code && code <= 51731 || // Lo  [27] HANGUL SYLLABLE JJAEG..HANGUL SYLLABLE JJAEH
        51733 <= code && code <= 51759 || // Lo  [27] HANGUL SYLLABLE JJYAG..HANGUL SYLLABLE JJYAH
        51761 <= code && code <= 51787 || // Lo  [27] HANGUL SYLLABLE JJYAEG..HANGUL SYLLABLE JJYAEH
        51789 <= code && code <= 51815 || // Lo  [27] HANGUL SYLLABLE JJEOG..HANGUL SYLLABLE JJEOH
        51817 <= code && code <= 51843 || // Lo  [27] HANGUL SYLLABLE JJEG..HANGUL SYLLABLE JJEH
        51845 <= code && code <= 51871 || // Lo  [27] HANGUL SYLLABLE JJYEOG..HANGUL SYLLABLE JJYEOH
        51873 <= code && code <= 51899 || // Lo  [27] HANGUL SYLLABLE JJYEG..HANGUL SYLLABLE JJYEH
        51901 <= code && code <= 51927 || // Lo  [27] HANGUL SYLLABLE JJOG..HANGUL SYLLABLE JJOH
        51929 <= code && code <= 51955 || // Lo  [27] HANGUL SYLLABLE JJWAG..HANGUL SYLLABLE JJWAH
        51957 <= code && code <= 51983 || // Lo  [27] HANGUL SYLLABLE JJWAEG..HANGUL SYLLABLE JJWAEH
        51985 <= code && code <= 52011 || // Lo  [27] HANGUL SYLLABLE JJOEG..HANGUL SYLLABLE JJOEH
        52013 <= code && code <= 52039 || // Lo  [27] HANGUL SYLLABLE JJYOG..HANGUL SYLLABLE JJYOH
        52041 <= code && code <= 52067 || // Lo  [27] HANGUL SYLLABLE JJUG..HANGUL SYLLABLE JJUH
        52069 <= code && code <= 52095 || // Lo  [27] HANGUL SYLLABLE JJWEOG..HANGUL SYLLABLE JJWEOH
        52097 <= code && code <= 52123 || // Lo  [27] HANGUL SYLLABLE JJWEG..HANGUL SYLLABLE JJWEH
        52125 <= code && code <= 52151 || // Lo  [27] HANGUL SYLLABLE JJWIG..HANGUL SYLLABLE JJWIH
        52153 <= code && code <= 52179 || // Lo  [27] HANGUL SYLLABLE JJYUG..HANGUL SYLLABLE JJYUH
        52181 <= code && code <= 52207 || // Lo  [27] HANGUL SYLLABLE JJEUG..HANGUL SYLLABLE JJEUH
        52209 <= code && code <= 52235 || // Lo  [27] HANGUL SYLLABLE JJYIG..HANGUL SYLLABLE JJYIH
        52237 <= code && code <= 52263 || // Lo  [27] HANGUL SYLLABLE JJIG..HANGUL SYLLABLE JJIH
        52265 <= code && code <= 52291 || // Lo  [27] HANGUL SYLLABLE CAG..HANGUL SYLLABLE CAH
        52293 <= code && code <= 52319 || // Lo  [27] HANGUL SYLLABLE CAEG..HANGUL SYLLABLE CAEH
        52321 <= code && code <= 52347 || // Lo  [27] HANGUL SYLLABLE CYAG..HANGUL SYLLABLE CYAH
        52349 <= code && code <= 52375 || // Lo  [27] HANGUL SYLLABLE CYAEG..HANGUL SYLLABLE CYAEH
        52377 <= code && code <= 52403 || // Lo  [27] HANGUL SYLLABLE CEOG..HANGUL SYLLABLE CEOH
        52405 <= code && code <= 52431 || // Lo  [27] HANGUL SYLLABLE CEG..HANGUL SYLLABLE CEH
        52433 <= code && code <= 52459 || // Lo  [27] HANGUL SYLLABLE CYEOG..HANGUL SYLLABLE CYEOH
        52461 <= code && code <= 52487 || // Lo  [27] HANGUL SYLLABLE CYEG..HANGUL SYLLABLE CYEH
        52489 <= code && code <= 52515 || // Lo  [27] HANGUL SYLLABLE COG..HANGUL SYLLABLE COH
        52517 <= code && code <= 52543 || // Lo  [27] HANGUL SYLLABLE CWAG..HANGUL SYLLABLE CWAH
        52545 <= code && code <= 52571 || // Lo  [27] HANGUL SYLLABLE CWAEG..HANGUL SYLLABLE CWAEH
        52573 <= code && code <= 52599 || // Lo  [27] HANGUL SYLLABLE COEG..HANGUL SYLLABLE COEH
        52601 <= code && code <= 52627 || // Lo  [27] HANGUL SYLLABLE CYOG..HANGUL SYLLABLE CYOH
        52629 <= code && code <= 52655 || // Lo  [27] HANGUL SYLLABLE CUG..HANGUL SYLLABLE CUH
        52657 <= code && code <= 52683 || // Lo  [27] HANGUL SYLLABLE CWEOG..HANGUL SYLLABLE CWEOH
        52685 <= code && code <= 52711 || // Lo  [27] HANGUL SYLLABLE CWEG..HANGUL SYLLABLE CWEH
        52713 <= code && code <= 52739 || // Lo  [27] HANGUL SYLLABLE CWIG..HANGUL SYLLABLE CWIH
        52741 <= code && code <= 52767 || // Lo  [27] HANGUL SYLLABLE CYUG..HANGUL SYLLABLE CYUH
        52769 <= code && code <= 52795 || // Lo  [27] HANGUL SYLLABLE CEUG..HANGUL SYLLABLE CEUH
        52797 <= code && code <= 52823 || // Lo  [27] HANGUL SYLLABLE CYIG..HANGUL SYLLABLE CYIH
        52825 <= code && code <= 52851 || // Lo  [27] HANGUL SYLLABLE CIG..HANGUL SYLLABLE CIH
        52853 <= code && code <= 52879 || // Lo  [27] HANGUL SYLLABLE KAG..HANGUL SYLLABLE KAH
        52881 <= code && code <= 52907 || // Lo  [27] HANGUL SYLLABLE KAEG..HANGUL SYLLABLE KAEH
        52909 <= code && code <= 52935 || // Lo  [27] HANGUL SYLLABLE KYAG..HANGUL SYLLABLE KYAH
        52937 <= code && code <= 52963 || // Lo  [27] HANGUL SYLLABLE KYAEG..HANGUL SYLLABLE KYAEH
        52965 <= code && code <= 52991 || // Lo  [27] HANGUL SYLLABLE KEOG..HANGUL SYLLABLE KEOH
        52993 <= code && code <= 53019 || // Lo  [27] HANGUL SYLLABLE KEG..HANGUL SYLLABLE KEH
        53021 <= code && code <= 53047 || // Lo  [27] HANGUL SYLLABLE KYEOG..HANGUL SYLLABLE KYEOH
        53049 <= code && code <= 53075 || // Lo  [27] HANGUL SYLLABLE KYEG..HANGUL SYLLABLE KYEH
        53077 <= code && code <= 53103 || // Lo  [27] HANGUL SYLLABLE KOG..HANGUL SYLLABLE KOH
        53105 <= code && code <= 53131 || // Lo  [27] HANGUL SYLLABLE KWAG..HANGUL SYLLABLE KWAH
        53133 <= code && code <= 53159 || // Lo  [27] HANGUL SYLLABLE KWAEG..HANGUL SYLLABLE KWAEH
        53161 <= code && code <= 53187 || // Lo  [27] HANGUL SYLLABLE KOEG..HANGUL SYLLABLE KOEH
        53189 <= code && code <= 53215 || // Lo  [27] HANGUL SYLLABLE KYOG..HANGUL SYLLABLE KYOH
        53217 <= code && code <= 53243 || // Lo  [27] HANGUL SYLLABLE KUG..HANGUL SYLLABLE KUH
        53245 <= code && code <= 53271 || // Lo  [27] HANGUL SYLLABLE KWEOG..HANGUL SYLLABLE KWEOH
        53273 <= code && code <= 53299 || // Lo  [27] HANGUL SYLLABLE KWEG..HANGUL SYLLABLE KWEH
        53301 <= code && code <= 53327 || // Lo  [27] HANGUL SYLLABLE KWIG..HANGUL SYLLABLE KWIH
        53329 <= code && code <= 53355 || // Lo  [27] HANGUL SYLLABLE KYUG..HANGUL SYLLABLE KYUH
        53357 <= code && code <= 53383 || // Lo  [27] HANGUL SYLLABLE KEUG..HANGUL SYLLABLE KEUH
        53385 <= code && code <= 53411 || // Lo  [27] HANGUL SYLLABLE KYIG..HANGUL SYLLABLE KYIH
        53413 <= code && code <= 53439 || // Lo  [27] HANGUL SYLLABLE KIG..HANGUL SYLLABLE KIH
        53441 <= code && code <= 53467 || // Lo  [27] HANGUL SYLLABLE TAG..HANGUL SYLLABLE TAH
        53469 <= code && code <= 53495 || // Lo  [27] HANGUL SYLLABLE TAEG..HANGUL SYLLABLE TAEH
        53497 <= code && code <= 53523 || // Lo  [27] HANGUL SYLLABLE TYAG..HANGUL SYLLABLE TYAH
        53525 <= code && code <= 53551 || // Lo  [27] HANGUL SYLLABLE TYAEG..HANGUL SYLLABLE TYAEH
        53553 <= code && code <= 53579 || // Lo  [27] HANGUL SYLLABLE TEOG..HANGUL SYLLABLE TEOH
        53581 <= code && code <= 53607 || // Lo  [27] HANGUL SYLLABLE TEG..HANGUL SYLLABLE TEH
        53609 <= code && code <= 53635 || // Lo  [27] HANGUL SYLLABLE TYEOG..HANGUL SYLLABLE TYEOH
        53637 <= code && code <= 53663 || // Lo  [27] HANGUL SYLLABLE TYEG..HANGUL SYLLABLE TYEH
        53665 <= code && code <= 53691 || // Lo  [27] HANGUL SYLLABLE TOG..HANGUL SYLLABLE TOH
        53693 <= code && code <= 53719 || // Lo  [27] HANGUL SYLLABLE TWAG..HANGUL SYLLABLE TWAH
        53721 <= code && code <= 53747 || // Lo  [27] HANGUL SYLLABLE TWAEG..HANGUL SYLLABLE TWAEH
        53749 <= code && code <= 53775 || // Lo  [27] HANGUL SYLLABLE TOEG..HANGUL SYLLABLE TOEH
        53777 <= code && code <= 53803 || // Lo  [27] HANGUL SYLLABLE TYOG..HANGUL SYLLABLE TYOH
        53805 <= code && code <= 53831 || // Lo  [27] HANGUL SYLLABLE TUG..HANGUL SYLLABLE TUH
        53833 <= code && code <= 53859 || // Lo  [27] HANGUL SYLLABLE TWEOG..HANGUL SYLLABLE TWEOH
        53861 <= code && code <= 53887 || // Lo  [27] HANGUL SYLLABLE TWEG..HANGUL SYLLABLE TWEH
        53889 <= code && code <= 53915 || // Lo  [27] HANGUL SYLLABLE TWIG..HANGUL SYLLABLE TWIH
        53917 <= code && code <= 53943 || // Lo  [27] HANGUL SYLLABLE TYUG..HANGUL SYLLABLE TYUH
        53945 <= code && code <= 53971 || // Lo  [27] HANGUL SYLLABLE TEUG..HANGUL SYLLABLE TEUH
        53973 <= code && code <= 53999 || // Lo  [27] HANGUL SYLLABLE TYIG..HANGUL SYLLABLE TYIH
        54001 <= code && code <= 54027 || // Lo  [27] HANGUL SYLLABLE TIG..HANGUL SYLLABLE TIH
        54029 <= code && code <= 54055 || // Lo  [27] HANGUL SYLLABLE PAG..HANGUL SYLLABLE PAH
        54057 <= code && code <= 54083 || // Lo  [27] HANGUL SYLLABLE PAEG..HANGUL SYLLABLE PAEH
        54085 <= code && code <= 54111 || // Lo  [27] HANGUL SYLLABLE PYAG..HANGUL SYLLABLE PYAH
        54113 <= code && code <= 54139 || // Lo  [27] HANGUL SYLLABLE PYAEG..HANGUL SYLLABLE PYAEH
        54141 <= code && code <= 54167 || // Lo  [27] HANGUL SYLLABLE PEOG..HANGUL SYLLABLE PEOH
        54169 <= code && code <= 54195 || // Lo  [27] HANGUL SYLLABLE PEG..HANGUL SYLLABLE PEH
        54197 <= code && code <= 54223 || // Lo  [27] HANGUL SYLLABLE PYEOG..HANGUL SYLLABLE PYEOH
        54225 <= code && code <= 54251 || // Lo  [27] HANGUL SYLLABLE PYEG..HANGUL SYLLABLE PYEH
        54253 <= code && code <= 54279 || // Lo  [27] HANGUL SYLLABLE POG..HANGUL SYLLABLE POH
        54281 <= code && code <= 54307 || // Lo  [27] HANGUL SYLLABLE PWAG..HANGUL SYLLABLE PWAH
        54309 <= code && code <= 54335 || // Lo  [27] HANGUL SYLLABLE PWAEG..HANGUL SYLLABLE PWAEH
        54337 <= code && code <= 54363 || // Lo  [27] HANGUL SYLLABLE POEG..HANGUL SYLLABLE POEH
        54365 <= code && code <= 54391 || // Lo  [27] HANGUL SYLLABLE PYOG..HANGUL SYLLABLE PYOH
        54393 <= code && code <= 54419 || // Lo  [27] HANGUL SYLLABLE PUG..HANGUL SYLLABLE PUH
        54421 <= code && code <= 54447 || // Lo  [27] HANGUL SYLLABLE PWEOG..HANGUL SYLLABLE PWEOH
        54449 <= code && code <= 54475 || // Lo  [27] HANGUL SYLLABLE PWEG..HANGUL SYLLABLE PWEH
        54477 <= code && code <= 54503 || // Lo  [27] HANGUL SYLLABLE PWIG..HANGUL SYLLABLE PWIH
        54505 <= code && code <= 54531 || // Lo  [27] HANGUL SYLLABLE PYUG..HANGUL SYLLABLE PYUH
        54533 <= code && code <= 54559 || // Lo  [27] HANGUL SYLLABLE PEUG..HANGUL SYLLABLE PEUH
        54561 <= code && code <= 54587 || // Lo  [27] HANGUL SYLLABLE PYIG..HANGUL SYLLABLE PYIH
        54589 <= code && code <= 54615 || // Lo  [27] HANGUL SYLLABLE PIG..HANGUL SYLLABLE PIH
        54617 <= code && code <= 54643 || // Lo  [27] HANGUL SYLLABLE HAG..HANGUL SYLLABLE HAH
        54645 <= code && code <= 54671 || // Lo  [27] HANGUL SYLLABLE HAEG..HANGUL SYLLABLE HAEH
        54673 <= code && code <= 54699 || // Lo  [27] HANGUL SYLLABLE HYAG..HANGUL SYLLABLE HYAH
        54701 <= code && code <= 54727 || // Lo  [27] HANGUL SYLLABLE HYAEG..HANGUL SYLLABLE HYAEH
        54729 <= code && code <= 54755 || // Lo  [27] HANGUL SYLLABLE HEOG..HANGUL SYLLABLE HEOH
        54757 <= code && code <= 54783 || // Lo  [27] HANGUL SYLLABLE HEG..HANGUL SYLLABLE HEH
        54785 <= code && code <= 54811 || // Lo  [27] HANGUL SYLLABLE HYEOG..HANGUL SYLLABLE HYEOH
        54813 <= code && code <= 54839 || // Lo  [27] HANGUL SYLLABLE HYEG..HANGUL SYLLABLE HYEH
        54841 <= code && code <= 54867 || // Lo  [27] HANGUL SYLLABLE HOG..HANGUL SYLLABLE HOH
        54869 <= code && code <= 54895 || // Lo  [27] HANGUL SYLLABLE HWAG..HANGUL SYLLABLE HWAH
        54897 <= code && code <= 54923 || // Lo  [27] HANGUL SYLLABLE HWAEG..HANGUL SYLLABLE HWAEH
        54925 <= code && code <= 54951 || // Lo  [27] HANGUL SYLLABLE HOEG..HANGUL SYLLABLE HOEH
        54953 <= code && code <= 54979 || // Lo  [27] HANGUL SYLLABLE HYOG..HANGUL SYLLABLE HYOH
        54981 <= code && code <= 55007 || // Lo  [27] HANGUL SYLLABLE HUG..HANGUL SYLLABLE HUH
        55009 <= code && code <= 55035 || // Lo  [27] HANGUL SYLLABLE HWEOG..HANGUL SYLLABLE HWEOH
        55037 <= code && code <= 55063 || // Lo  [27] HANGUL SYLLABLE HWEG..HANGUL SYLLABLE HWEH
        55065 <= code && code <= 55091 || // Lo  [27] HANGUL SYLLABLE HWIG..HANGUL SYLLABLE HWIH
        55093 <= code && code <= 55119 || // Lo  [27] HANGUL SYLLABLE HYUG..HANGUL SYLLABLE HYUH
        55121 <= code && code <= 55147 || // Lo  [27] HANGUL SYLLABLE HEUG..HANGUL SYLLABLE HEUH
        55149 <= code && code <= 55175 || // Lo  [27] HANGUL SYLLABLE HYIG..HANGUL SYLLABLE HYIH
        55177 <= code && code <= 55203) {
          return LVT;
        }
        if (9757 == code || // So       WHITE UP POINTING INDEX
        9977 == code || // So       PERSON WITH BALL
        9994 <= code && code <= 9997 || // So   [4] RAISED FIST..WRITING HAND
        127877 == code || // So       FATHER CHRISTMAS
        127938 <= code && code <= 127940 || // So   [3] SNOWBOARDER..SURFER
        127943 == code || // So       HORSE RACING
        127946 <= code && code <= 127948 || // So   [3] SWIMMER..GOLFER
        128066 <= code && code <= 128067 || // So   [2] EAR..NOSE
        128070 <= code && code <= 128080 || // So  [11] WHITE UP POINTING BACKHAND INDEX..OPEN HANDS SIGN
        128110 == code || // So       POLICE OFFICER
        128112 <= code && code <= 128120 || // So   [9] BRIDE WITH VEIL..PRINCESS
        128124 == code || // So       BABY ANGEL
        128129 <= code && code <= 128131 || // So   [3] INFORMATION DESK PERSON..DANCER
        128133 <= code && code <= 128135 || // So   [3] NAIL POLISH..HAIRCUT
        128170 == code || // So       FLEXED BICEPS
        128372 <= code && code <= 128373 || // So   [2] MAN IN BUSINESS SUIT LEVITATING..SLEUTH OR SPY
        128378 == code || // So       MAN DANCING
        128400 == code || // So       RAISED HAND WITH FINGERS SPLAYED
        128405 <= code && code <= 128406 || // So   [2] REVERSED HAND WITH MIDDLE FINGER EXTENDED..RAISED HAND WITH PART BETWEEN MIDDLE AND RING FINGERS
        128581 <= code && code <= 128583 || // So   [3] FACE WITH NO GOOD GESTURE..PERSON BOWING DEEPLY
        128587 <= code && code <= 128591 || // So   [5] HAPPY PERSON RAISING ONE HAND..PERSON WITH FOLDED HANDS
        128675 == code || // So       ROWBOAT
        128692 <= code && code <= 128694 || // So   [3] BICYCLIST..PEDESTRIAN
        128704 == code || // So       BATH
        128716 == code || // So       SLEEPING ACCOMMODATION
        129304 <= code && code <= 129308 || // So   [5] SIGN OF THE HORNS..RIGHT-FACING FIST
        129310 <= code && code <= 129311 || // So   [2] HAND WITH INDEX AND MIDDLE FINGERS CROSSED..I LOVE YOU HAND SIGN
        129318 == code || // So       FACE PALM
        129328 <= code && code <= 129337 || // So  [10] PREGNANT WOMAN..JUGGLING
        129341 <= code && code <= 129342 || // So   [2] WATER POLO..HANDBALL
        129489 <= code && code <= 129501) {
          return E_Base;
        }
        if (127995 <= code && code <= 127999) {
          return E_Modifier;
        }
        if (8205 == code) {
          return ZWJ;
        }
        if (9792 == code || // So       FEMALE SIGN
        9794 == code || // So       MALE SIGN
        9877 <= code && code <= 9878 || // So   [2] STAFF OF AESCULAPIUS..SCALES
        9992 == code || // So       AIRPLANE
        10084 == code || // So       HEAVY BLACK HEART
        127752 == code || // So       RAINBOW
        127806 == code || // So       EAR OF RICE
        127859 == code || // So       COOKING
        127891 == code || // So       GRADUATION CAP
        127908 == code || // So       MICROPHONE
        127912 == code || // So       ARTIST PALETTE
        127979 == code || // So       SCHOOL
        127981 == code || // So       FACTORY
        128139 == code || // So       KISS MARK
        128187 <= code && code <= 128188 || // So   [2] PERSONAL COMPUTER..BRIEFCASE
        128295 == code || // So       WRENCH
        128300 == code || // So       MICROSCOPE
        128488 == code || // So       LEFT SPEECH BUBBLE
        128640 == code || // So       ROCKET
        128658 == code) {
          return Glue_After_Zwj;
        }
        if (128102 <= code && code <= 128105) {
          return E_Base_GAZ;
        }
        return Other;
      }
      return this;
    }
    if (typeof module != "undefined" && module.exports) {
      module.exports = GraphemeSplitter;
    }
  })
});

// npm:isomorphic-textencoder@1.0.1/main.js
var require_main = __commonJS({
  "npm:isomorphic-textencoder@1.0.1/main.js": (function (exports, module) {
    module.exports = {
      encode: (string) => new Uint8Array(Buffer.from(string, "utf8")),
      decode: (buffer) => Buffer.from(buffer).toString("utf8")
    };
  })
});

// npm:irc-framework@4.14.0/src/linebreak.js
var require_linebreak = __commonJS({
  "npm:irc-framework@4.14.0/src/linebreak.js": (function (exports, module) {
    var GraphemeSplitter = require__3();
    var { encode: encodeUTF8 } = require_main();
    var graphemeSplitter = new GraphemeSplitter();
    var SubstringTooLargeForLineError = class extends Error {
      /* substring: string */
      /* opts: Options */
      constructor(substring, opts) {
        super();
        if (Error.captureStackTrace) {
          Error.captureStackTrace(this, this.constructor);
        }
        this.substring = substring;
        this.opts = opts;
      }
      get name() {
        return this.constructor.name;
      }
    };
    var WordTooLargeForLineError = class extends SubstringTooLargeForLineError {
      get message() {
        return `${size(this.substring)} byte word can't fit in a ${this.opts.bytes} byte block: ${this.substring}`;
      }
    };
    var GraphemeTooLargeForLineError = class extends SubstringTooLargeForLineError {
      get message() {
        return `${size(this.substring)} byte grapheme can't fit in a ${this.opts.bytes} byte block: ${this.substring}`;
      }
    };
    var CodepointTooLargeForLineError = class extends SubstringTooLargeForLineError {
      get message() {
        return `${size(this.substring)} byte codepoint can't fit in a ${this.opts.bytes} byte block: ${this.substring}`;
      }
    };
    function size(str) {
      const byteArray = encodeUTF8(str);
      const bytes = byteArray.byteLength;
      return bytes;
    }
    function* lineBreak(str, opts) {
      let line = "";
      let previousWhitespace = "";
      for (const [word, trailingWhitespace] of wordBreak(str)) {
        if (size(line) + size(previousWhitespace) + size(word) <= opts.bytes) {
          line += previousWhitespace + word;
          previousWhitespace = trailingWhitespace;
          continue;
        }
        if (size(word) <= opts.bytes) {
          if (line) {
            yield line;
          }
          previousWhitespace = trailingWhitespace;
          line = word;
          continue;
        }
        if (!opts.allowBreakingWords) {
          throw new WordTooLargeForLineError(word, opts);
        }
        const wordPreviousWhitespace = trailingWhitespace;
        for (const grapheme of graphemeSplitter.iterateGraphemes(word)) {
          if (size(line) + size(previousWhitespace) + size(grapheme) <= opts.bytes) {
            line += previousWhitespace + grapheme;
            previousWhitespace = "";
            continue;
          }
          if (size(grapheme) <= opts.bytes) {
            if (line) {
              yield line;
            }
            previousWhitespace = "";
            line = grapheme;
            continue;
          }
          if (!opts.allowBreakingGraphemes) {
            throw new GraphemeTooLargeForLineError(grapheme, opts);
          }
          for (const codepoint of grapheme) {
            if (size(line) + size(previousWhitespace) + size(codepoint) <= opts.bytes) {
              line += previousWhitespace + codepoint;
              previousWhitespace = "";
              continue;
            }
            if (size(codepoint) <= opts.bytes) {
              if (line) {
                yield line;
              }
              previousWhitespace = "";
              line = codepoint;
              continue;
            }
            throw new CodepointTooLargeForLineError(codepoint, opts);
          }
        }
        previousWhitespace = wordPreviousWhitespace;
      }
      if (previousWhitespace) {
        if (size(line) + size(previousWhitespace) <= opts.bytes) {
          line += previousWhitespace;
        }
      }
      if (line) {
        yield line;
      }
    }
    function* wordBreak(str) {
      let word = "";
      let trailingWhitespace = "";
      for (const grapheme of graphemeSplitter.iterateGraphemes(str)) {
        if (/^\s+$/.test(grapheme)) {
          trailingWhitespace += grapheme;
          continue;
        }
        if (trailingWhitespace) {
          yield [
            word,
            trailingWhitespace
          ];
          word = grapheme;
          trailingWhitespace = "";
          continue;
        }
        word += grapheme;
      }
      if (word) {
        yield [
          word,
          trailingWhitespace
        ];
      }
    }
    module.exports = {
      WordTooLargeForLineError,
      GraphemeTooLargeForLineError,
      CodepointTooLargeForLineError,
      lineBreak,
      wordBreak
    };
  })
});

// npm:irc-framework@4.14.0/src/client.js
var require_client = __commonJS({
  "npm:irc-framework@4.14.0/src/client.js": (function (exports, module) {
    "use strict";
    var _ = {
      extend: require_extend(),
      find: require_find(),
      each: require_each(),
      defer: require_defer(),
      bind: require_bind()
    };
    var EventEmitter = require__();
    var MiddlewareHandler = require__2();
    var IrcCommandHandler = require_commands().CommandHandler;
    var IrcMessage = require_ircmessage();
    var Connection = require_connection();
    var NetworkInfo = require_networkinfo();
    var User = require_user2();
    var Channel = require_channel2();
    var { lineBreak } = require_linebreak();
    var MessageTags = require_messagetags();
    var default_transport = null;
    module.exports = class IrcClient extends EventEmitter {
      constructor(options) {
        super();
        this.request_extra_caps = [];
        this.options = options || null;
        this.createStructure();
      }
      static setDefaultTransport(transport) {
        default_transport = transport;
      }
      get Message() {
        return IrcMessage;
      }
      _applyDefaultOptions(user_options) {
        const defaults = {
          nick: "ircbot",
          username: "ircbot",
          gecos: "ircbot",
          encoding: "utf8",
          version: "node.js irc-framework",
          enable_chghost: false,
          enable_setname: false,
          enable_echomessage: false,
          auto_reconnect: true,
          auto_reconnect_max_wait: 3e5,
          auto_reconnect_max_retries: 3,
          ping_interval: 30,
          ping_timeout: 120,
          message_max_length: 350,
          sasl_disconnect_on_fail: false,
          transport: default_transport,
          websocket_protocol: "text.ircv3.net"
        };
        const props = Object.keys(defaults);
        for (let i = 0; i < props.length; i++) {
          if (typeof user_options[props[i]] === "undefined") {
            user_options[props[i]] = defaults[props[i]];
          }
        }
        return user_options;
      }
      createStructure() {
        const client = this;
        client.raw_middleware = new MiddlewareHandler();
        client.parsed_middleware = new MiddlewareHandler();
        client.connection = new Connection(client.options);
        client.network = new NetworkInfo();
        client.user = new User();
        client.command_handler = new IrcCommandHandler(client);
        client.addCommandHandlerListeners();
        [
          "connecting",
          "reconnecting",
          "close",
          "socket close",
          "socket error",
          "raw socket connected",
          "debug",
          "raw"
        ].forEach(function(event_name) {
          client.connection.on(event_name, function() {
            const args = Array.prototype.slice.call(arguments);
            client.emit.apply(client, [
              event_name
            ].concat(args));
          });
        });
        client.connection.on("socket connected", function() {
          client.emit("socket connected");
          client.registerToNetwork();
          client.startPingTimeoutTimer();
        });
        client.connection.on("connecting", function() {
          client.network.cap.negotiating = false;
          client.network.cap.requested = [];
          client.network.cap.enabled = [];
          client.network.cap.available.clear();
          client.command_handler.resetCache();
        });
        client.connection.on("message", function(message, raw_line) {
          client.raw_middleware.handle([
            message.command,
            message,
            raw_line,
            client
          ], function(err) {
            if (err) {
              console.log(err.stack);
              return;
            }
            client.command_handler.dispatch(message);
          });
        });
        client.on("registered", function(event) {
          client.startPeriodicPing();
        });
        client.on("away", function(event) {
          if (client.caseCompare(event.nick, client.user.nick)) {
            client.user.away = true;
          }
        });
        client.on("back", function(event) {
          if (client.caseCompare(event.nick, client.user.nick)) {
            client.user.away = false;
          }
        });
        client.proxyIrcEvents();
        const whox_token = {
          value: 0,
          requests: [],
          next: () => {
            if (whox_token.value >= 999) {
              whox_token.value = 0;
            }
            const token = ++whox_token.value;
            whox_token.requests.push(token);
            return token;
          },
          validate: (token) => {
            const idx = whox_token.requests.indexOf(token);
            if (idx !== -1) {
              whox_token.requests.splice(idx, 1);
              return true;
            }
            return false;
          }
        };
        client.whox_token = whox_token;
        Object.defineProperty(client, "connected", {
          enumerable: true,
          get: function() {
            return client.connection && client.connection.connected;
          }
        });
      }
      requestCap(cap) {
        this.request_extra_caps = this.request_extra_caps.concat(cap);
      }
      use(middleware_fn) {
        middleware_fn(this, this.raw_middleware, this.parsed_middleware);
        return this;
      }
      connect(options) {
        const client = this;
        if (!options && !client.options) {
          throw new Error("Options object missing from IrcClient.connect()");
        } else if (!options) {
          options = client.options;
        } else {
          client.options = options;
        }
        client._applyDefaultOptions(options);
        if (client.connection && client.connection.connected) {
          client.debugOut("connect() called when already connected");
          client.connection.end();
        }
        client.user.nick = options.nick;
        client.user.username = options.username;
        client.user.gecos = options.gecos;
        client.command_handler.requestExtraCaps(client.request_extra_caps);
        client.connection.connect(options);
      }
      // Proxy the command handler events onto the client object, with some added sugar
      // Events are handled in order:
      // 1. Received from the command handler
      // 2. Checked if any extra properties/methods are to be added to the event + re-emitted
      // 3. Routed through middleware
      // 4. Emitted from the client instance
      proxyIrcEvents() {
        const client = this;
        this.command_handler.on("all", function(event_name, event_arg) {
          client.resetPingTimeoutTimer();
          if ([
            "privmsg",
            "notice",
            "action"
          ].indexOf(event_name) > -1) {
            event_arg.reply = function(message) {
              const dest = event_arg.target === client.user.nick ? event_arg.nick : event_arg.target;
              client.say(dest, message);
            };
            client.command_handler.emit("message", _.extend({
              type: event_name
            }, event_arg));
          }
          client.parsed_middleware.handle([
            event_name,
            event_arg,
            client
          ], function(err) {
            if (err) {
              console.error(err.stack);
              return;
            }
            client.emit(event_name, event_arg);
          });
        });
      }
      addCommandHandlerListeners() {
        const client = this;
        const commands = this.command_handler;
        commands.on("nick", function(event) {
          if (client.user.nick === event.nick) {
            if (event.new_nick.match(/^\d/)) {
              return;
            }
            client.user.nick = event.new_nick;
          }
        });
        commands.on("mode", function(event) {
          if (client.user.nick === event.target) {
            event.modes.forEach(function(mode) {
              client.user.toggleModes(mode.mode);
            });
          }
        });
        commands.on("wholist", function(event) {
          const thisUser = _.find(event.users, {
            nick: client.user.nick
          });
          if (thisUser) {
            client.user.username = thisUser.ident;
            client.user.host = thisUser.hostname;
          }
        });
        commands.on("registered", function(event) {
          client.user.nick = event.nick;
          client.connection.registeredSuccessfully();
          client.emit("connected", event);
        });
        commands.on("displayed host", function(event) {
          if (client.user.nick === event.nick) {
            client.user.host = event.hostname;
          }
        });
        commands.on("error", function(event) {
        });
      }
      registerToNetwork() {
        const webirc = this.options.webirc;
        if (webirc) {
          let address = String(webirc.address);
          if (address[0] === ":") {
            address = "0" + address;
          }
          this.raw("WEBIRC", webirc.password, webirc.username, webirc.hostname, address, MessageTags.encode(webirc.options || {}, " "));
        }
        this.raw("CAP LS 302");
        if (this.options.password) {
          this.raw("PASS", this.options.password);
        }
        this.raw("NICK", this.user.nick);
        this.raw("USER", this.options.username, 0, "*", this.user.gecos);
      }
      startPeriodicPing() {
        const client = this;
        let ping_timer = null;
        if (client.options.ping_interval <= 0) {
          return;
        }
        function pingServer() {
          client.ping();
        }
        function resetPingTimer() {
          client.connection.clearTimeout(ping_timer);
          ping_timer = client.connection.setTimeout(pingServer, client.options.ping_interval * 1e3);
        }
        client.command_handler.on("pong", resetPingTimer);
        client.connection.once("socket close", () => {
          client.command_handler.off("pong", resetPingTimer);
        });
        resetPingTimer();
      }
      startPingTimeoutTimer() {
        const client = this;
        let timeout_timer = null;
        if (client.options.ping_timeout <= 0) {
          return;
        }
        function resetPingTimeoutTimer() {
          client.connection.clearTimeout(timeout_timer);
          timeout_timer = client.connection.setTimeout(pingTimeout, client.options.ping_timeout * 1e3);
        }
        function pingTimeout() {
          client.debugOut("Ping timeout (" + client.options.ping_timeout + " seconds)");
          client.emit("ping timeout");
          const end_msg = client.rawString("QUIT", "Ping timeout (" + client.options.ping_timeout + " seconds)");
          client.connection.end(end_msg, true);
        }
        this.resetPingTimeoutTimer = resetPingTimeoutTimer;
        this.resetPingTimeoutTimer();
      }
      // Gets overridden with a function in startPeriodicPing(). Only set here for completeness.
      resetPingTimeoutTimer() {
      }
      debugOut(out) {
        this.emit("debug", "Client " + out);
      }
      /**
         * Client API
         */
      raw(input) {
        if (input instanceof IrcMessage) {
          this.connection.write(input.to1459());
        } else {
          this.connection.write(this.rawString.apply(this, arguments));
        }
      }
      rawString(input) {
        let args;
        if (input.constructor === Array) {
          args = input;
        } else {
          args = Array.prototype.slice.call(arguments, 0);
        }
        args = args.filter(function(item) {
          return typeof item === "number" || typeof item === "string";
        });
        if (args.length > 1 && args[args.length - 1].match(/^:|\s/)) {
          args[args.length - 1] = ":" + args[args.length - 1];
        }
        return args.join(" ");
      }
      quit(message) {
        this.connection.end(this.rawString("QUIT", message));
      }
      ping(message) {
        this.raw("PING", message || Date.now().toString());
      }
      changeNick(nick) {
        this.raw("NICK", nick);
      }
      sendMessage(commandName, target, message, tags) {
        const lines = message.split(/\r\n|\n|\r/).filter((i) => i);
        lines.forEach((line) => {
          const blocks = [
            ...lineBreak(line, {
              bytes: this.options.message_max_length,
              allowBreakingWords: true,
              allowBreakingGraphemes: true
            })
          ];
          blocks.forEach((block) => {
            if (tags && Object.keys(tags).length) {
              const msg = new IrcMessage(commandName, target, block);
              msg.tags = tags;
              this.raw(msg);
            } else {
              this.raw(commandName, target, block);
            }
          });
        });
      }
      say(target, message, tags) {
        return this.sendMessage("PRIVMSG", target, message, tags);
      }
      notice(target, message, tags) {
        return this.sendMessage("NOTICE", target, message, tags);
      }
      tagmsg(target, tags = {}) {
        const msg = new IrcMessage("TAGMSG", target);
        msg.tags = tags;
        this.raw(msg);
      }
      join(channel, key) {
        const raw = [
          "JOIN",
          channel
        ];
        if (key) {
          raw.push(key);
        }
        this.raw(raw);
      }
      part(channel, message) {
        const raw = [
          "PART",
          channel
        ];
        if (message) {
          raw.push(message);
        }
        this.raw(raw);
      }
      mode(channel, mode, extra_args) {
        let raw = [
          "MODE",
          channel,
          mode
        ];
        if (extra_args) {
          if (Array.isArray(extra_args)) {
            raw = raw.concat(extra_args);
          } else {
            raw.push(extra_args);
          }
        }
        this.raw(raw);
      }
      inviteList(channel, cb) {
        const client = this;
        const invex = this.network.supports("INVEX");
        let mode = "I";
        if (typeof invex === "string" && invex) {
          mode = invex;
        }
        function onInviteList(event) {
          if (client.caseCompare(event.channel, channel)) {
            unbindEvents();
            if (typeof cb === "function") {
              cb(event);
            }
          }
        }
        function onInviteListErr(event) {
          if (event.error === "chanop_privs_needed") {
            unbindEvents();
            if (typeof cb === "function") {
              cb(null);
            }
          }
        }
        function bindEvents() {
          client.on("inviteList", onInviteList);
          client.on("irc error", onInviteListErr);
        }
        function unbindEvents() {
          client.removeListener("inviteList", onInviteList);
          client.removeListener("irc error", onInviteListErr);
        }
        bindEvents();
        this.raw([
          "MODE",
          channel,
          mode
        ]);
      }
      invite(channel, nick) {
        const raw = [
          "INVITE",
          nick,
          channel
        ];
        this.raw(raw);
      }
      addInvite(channel, mask) {
        let mode = "I";
        const invex = this.network.supports("INVEX");
        if (typeof invex === "string") {
          mode = invex;
        }
        const raw = [
          "MODE",
          channel,
          "+" + mode,
          mask
        ];
        this.raw(raw);
      }
      removeInvite(channel, mask) {
        let mode = "I";
        const invex = this.network.supports("INVEX");
        if (typeof invex === "string") {
          mode = invex;
        }
        const raw = [
          "MODE",
          channel,
          "-" + mode,
          mask
        ];
        this.raw(raw);
      }
      banlist(channel, cb) {
        const client = this;
        const raw = [
          "MODE",
          channel,
          "b"
        ];
        this.on("banlist", function onBanlist(event) {
          if (client.caseCompare(event.channel, channel)) {
            client.removeListener("banlist", onBanlist);
            if (typeof cb === "function") {
              cb(event);
            }
          }
        });
        this.raw(raw);
      }
      ban(channel, mask) {
        const raw = [
          "MODE",
          channel,
          "+b",
          mask
        ];
        this.raw(raw);
      }
      unban(channel, mask) {
        const raw = [
          "MODE",
          channel,
          "-b",
          mask
        ];
        this.raw(raw);
      }
      setTopic(channel, newTopic) {
        if (!newTopic || !newTopic.trim()) {
          this.clearTopic(channel);
          return;
        }
        this.raw("TOPIC", channel, newTopic);
      }
      clearTopic(channel) {
        this.raw(`TOPIC ${channel} :`);
      }
      ctcpRequest(target, type) {
        const params = Array.prototype.slice.call(arguments, 1);
        params[0] = params[0].toUpperCase();
        this.raw("PRIVMSG", target, String.fromCharCode(1) + params.join(" ") + String.fromCharCode(1));
      }
      ctcpResponse(target, type) {
        const params = Array.prototype.slice.call(arguments, 1);
        params[0] = params[0].toUpperCase();
        this.raw("NOTICE", target, String.fromCharCode(1) + params.join(" ") + String.fromCharCode(1));
      }
      action(target, message) {
        const that = this;
        const commandName = "ACTION";
        const blockLength = this.options.message_max_length - (commandName.length + 3);
        const blocks = [
          ...lineBreak(message, {
            bytes: blockLength,
            allowBreakingWords: true,
            allowBreakingGraphemes: true
          })
        ];
        blocks.forEach(function(block) {
          that.ctcpRequest(target, commandName, block);
        });
        return blocks;
      }
      whois(target, _cb) {
        const client = this;
        let cb;
        const irc_args = [
          "WHOIS"
        ];
        _.each(arguments, function(arg) {
          if (typeof arg === "function") {
            cb = arg;
          } else {
            irc_args.push(arg);
          }
        });
        this.on("whois", function onWhois(event) {
          if (client.caseCompare(event.nick, target)) {
            client.removeListener("whois", onWhois);
            if (typeof cb === "function") {
              cb(event);
            }
          }
        });
        this.raw(irc_args);
      }
      whowas(target, _cb) {
        const client = this;
        let cb;
        const irc_args = [
          "WHOWAS"
        ];
        _.each(arguments, function(arg) {
          if (typeof arg === "function") {
            cb = arg;
          } else {
            irc_args.push(arg);
          }
        });
        this.on("whowas", function onWhowas(event) {
          if (client.caseCompare(event.nick, target)) {
            client.removeListener("whowas", onWhowas);
            if (typeof cb === "function") {
              cb(event);
            }
          }
        });
        this.raw(irc_args);
      }
      /**
         * WHO requests are queued up to run serially.
         * This is mostly because networks will only reply serially and it makes
         * it easier to include the correct replies to callbacks
         */
      who(target, cb) {
        if (!this.who_queue) {
          this.who_queue = [];
        }
        this.who_queue.push([
          target,
          cb
        ]);
        this.processNextWhoQueue();
      }
      monitorlist(cb) {
        const client = this;
        const raw = [
          "MONITOR",
          "L"
        ];
        this.on("monitorList", function onMonitorlist(event) {
          client.removeListener("monitorList", onMonitorlist);
          if (typeof cb === "function") {
            cb(event);
          }
        });
        this.raw(raw);
      }
      addMonitor(target) {
        const raw = [
          "MONITOR",
          "+",
          target
        ];
        this.raw(raw);
      }
      removeMonitor(target) {
        const raw = [
          "MONITOR",
          "-",
          target
        ];
        this.raw(raw);
      }
      queryMonitor() {
        const raw = [
          "MONITOR",
          "S"
        ];
        this.raw(raw);
      }
      clearMonitor() {
        const raw = [
          "MONITOR",
          "C"
        ];
        this.raw(raw);
      }
      processNextWhoQueue() {
        const client = this;
        if (client.who_queue.length === 0 || client.who_queue.is_running) {
          return;
        }
        client.who_queue.is_running = true;
        const this_who = client.who_queue.shift();
        const target = this_who[0];
        const cb = this_who[1];
        if (!target || typeof target !== "string") {
          if (typeof cb === "function") {
            _.defer(cb, {
              target,
              users: []
            });
          }
          client.who_queue.is_running = false;
          _.defer(_.bind(client.processNextWhoQueue, client));
          return;
        }
        client.on("wholist", function onWho(event) {
          client.removeListener("wholist", onWho);
          client.who_queue.is_running = false;
          _.defer(_.bind(client.processNextWhoQueue, client));
          if (typeof cb === "function") {
            cb({
              target,
              users: event.users
            });
          }
        });
        if (client.network.supports("whox")) {
          const token = client.whox_token.next();
          client.raw("WHO", target, `%tcuhsnfdaor,${token}`);
        } else {
          client.raw("WHO", target);
        }
      }
      /**
         * Explicitely start a channel list, avoiding potential issues with broken IRC servers not sending RPL_LISTSTART
         */
      list() {
        const args = Array.prototype.slice.call(arguments);
        this.command_handler.cache("chanlist").channels = [];
        args.unshift("LIST");
        this.raw(args);
      }
      channel(channel_name, key) {
        return new Channel(this, channel_name, key);
      }
      match(match_regex, cb, message_type) {
        const client = this;
        const onMessage = function(event) {
          if (event.message.match(match_regex)) {
            cb(event);
          }
        };
        this.on(message_type || "message", onMessage);
        return {
          stop: function() {
            client.removeListener(message_type || "message", onMessage);
          }
        };
      }
      matchNotice(match_regex, cb) {
        return this.match(match_regex, cb, "notice");
      }
      matchMessage(match_regex, cb) {
        return this.match(match_regex, cb, "privmsg");
      }
      matchAction(match_regex, cb) {
        return this.match(match_regex, cb, "action");
      }
      caseCompare(string1, string2) {
        const length = string1.length;
        if (length !== string2.length) {
          return false;
        }
        const upperBound = this._getCaseMappingUpperAsciiBound();
        for (let i = 0; i < length; i++) {
          let charCode1 = string1.charCodeAt(i);
          let charCode2 = string2.charCodeAt(i);
          if (charCode1 >= 65 && charCode1 <= upperBound) {
            charCode1 += 32;
          }
          if (charCode2 >= 65 && charCode2 <= upperBound) {
            charCode2 += 32;
          }
          if (charCode1 !== charCode2) {
            return false;
          }
        }
        return true;
      }
      caseLower(string) {
        const upperBound = this._getCaseMappingUpperAsciiBound();
        let result = "";
        for (let i = 0; i < string.length; i++) {
          const charCode = string.charCodeAt(i);
          if (charCode >= 65 && charCode <= upperBound) {
            result += String.fromCharCode(charCode + 32);
          } else {
            result += string[i];
          }
        }
        return result;
      }
      caseUpper(string) {
        const upperBound = this._getCaseMappingUpperAsciiBound() + 32;
        let result = "";
        for (let i = 0; i < string.length; i++) {
          const charCode = string.charCodeAt(i);
          if (charCode >= 97 && charCode <= upperBound) {
            result += String.fromCharCode(charCode - 32);
          } else {
            result += string[i];
          }
        }
        return result;
      }
      _getCaseMappingUpperAsciiBound() {
        if (this.network.options.CASEMAPPING === "ascii") {
          return 90;
        } else if (this.network.options.CASEMAPPING === "strict-rfc1459") {
          return 93;
        }
        return 94;
      }
    };
  })
});

// scripts/_irc_framework_entry.js
var import_client = __toESM(require_client());
var irc_framework_entry_default = { Client: import_client.default };
export {
  irc_framework_entry_default as default
};
